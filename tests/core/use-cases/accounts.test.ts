import { describe, expect, it } from 'vitest';
import { makeMemoryAgency } from '../../support/memory-ports.js';
import { actorOf, domainError, makeAdmin, registerApplicant } from '../helpers.js';

const signUp = { email: '  Bob@Example.COM ', password: 'secret123', fullName: 'Bob Jones', phoneNumber: '07700900456' };

describe('registerUser', () => {
  it('creates an applicant with a normalised email and a hashed password', async () => {
    const { ports, uc } = makeMemoryAgency();
    const user = await uc.registerUser(signUp);
    expect(user).toMatchObject({ email: 'bob@example.com', username: 'bob@example.com', fullName: 'Bob Jones', isAdmin: false, needsPasswordChange: false });
    expect(user).not.toHaveProperty('passwordHash');
    const stored = await ports.users.findByEmail('bob@example.com');
    expect(stored?.passwordHash).not.toContain('secret123');
    expect(await ports.hasher.verify(stored!.passwordHash, 'secret123')).toBe(true);
    expect(stored?.createdAt).toEqual(ports.clock.now());
  });

  it('refuses a second account for the same email, whatever its case', async () => {
    const { ports, uc } = makeMemoryAgency();
    await uc.registerUser(signUp);
    await domainError(uc.registerUser({ ...signUp, email: 'BOB@example.com' }), 'Conflict', 'An account with this email already exists.');
    expect((await ports.users.listWithoutApplication()).length).toBe(1);
  });

  it('validates the input and stores nothing when it is bad', async () => {
    const { ports, uc } = makeMemoryAgency();
    const error = await domainError(uc.registerUser({ ...signUp, password: '123' }), 'Validation', 'Password must be at least 6 characters');
    expect(error.data).toMatchObject({ errors: { password: ['Password must be at least 6 characters'] } });
    expect(await ports.users.findByEmail('bob@example.com')).toBeNull();
  });
});

describe('logIn and currentUser', () => {
  it('answers the user and needsPasswordChange', async () => {
    const { uc } = makeMemoryAgency();
    await uc.registerUser(signUp);
    const result = await uc.logIn({ email: 'BOB@example.com ', password: 'secret123' });
    expect(result.needsPasswordChange).toBe(false);
    expect(result.user.email).toBe('bob@example.com');
    expect(await uc.currentUser(result.user.id)).toEqual(result.user);
  });

  it('refuses a wrong password and an unknown email with the same error', async () => {
    const { uc } = makeMemoryAgency();
    await uc.registerUser(signUp);
    await domainError(uc.logIn({ email: 'bob@example.com', password: 'wrong-pass' }), 'InvalidCredentials', 'Invalid email or password.');
    await domainError(uc.logIn({ email: 'nobody@example.com', password: 'secret123' }), 'InvalidCredentials', 'Invalid email or password.');
  });

  it('answers null for a user that no longer exists', async () => {
    const { uc } = makeMemoryAgency();
    expect(await uc.currentUser(999)).toBeNull();
  });
});

describe('submitContactForm', () => {
  const enquiry = { fullName: 'Carol Tan', email: 'Carol@Example.com', phoneNumber: '07700900789', nationality: 'Japan', purposeOfTravel: 'Tourism in Luxor' };

  it('creates an account with a random password, mails it and keeps the enquiry', async () => {
    const { ports, uc } = makeMemoryAgency();
    const result = await uc.submitContactForm(enquiry);
    expect(result.accountCreated).toBe(true);
    expect(result.message).toContain('An account has been created for you');

    const user = await ports.users.findById(result.userId);
    expect(user).toMatchObject({ email: 'carol@example.com', fullName: 'Carol Tan', needsPasswordChange: true, isAdmin: false });

    const [mail] = await ports.outbox.list({ to: 'carol@example.com' });
    expect(mail.template).toBe('account_created');
    expect(mail.data).toMatchObject({ fullName: 'Carol Tan', email: 'carol@example.com', signInUrl: 'https://evisa.test/auth' });
    const temporaryPassword = String(mail.data.temporaryPassword);
    const login = await uc.logIn({ email: 'carol@example.com', password: temporaryPassword });
    expect(login.needsPasswordChange).toBe(true);

    expect(await ports.enquiries.listByEmail('carol@example.com')).toEqual([
      expect.objectContaining({ userId: result.userId, existingAccount: false, purposeOfTravel: 'Tourism in Luxor', nationality: 'Japan' }),
    ]);
  });

  it('gives an existing email no second account, keeps the enquiry and says so', async () => {
    const { ports, uc } = makeMemoryAgency();
    const applicant = await registerApplicant(uc, 'carol@example.com', 'Carol Tan');
    const result = await uc.submitContactForm(enquiry);
    expect(result).toMatchObject({ userId: applicant.userId, accountCreated: false });
    expect(result.message).toContain('You already have an account');
    expect(await ports.outbox.list({ to: 'carol@example.com' })).toEqual([]);
    expect((await ports.enquiries.listByEmail('carol@example.com'))[0]).toMatchObject({ existingAccount: true, userId: applicant.userId });
    // the existing password still works
    await uc.logIn({ email: 'carol@example.com', password: 'secret123' });
  });

  it('refuses bad input without creating anything', async () => {
    const { ports, uc } = makeMemoryAgency();
    await domainError(uc.submitContactForm({ ...enquiry, nationality: 'Atlantis' }), 'Validation', 'Please select your nationality');
    expect(await ports.users.findByEmail('carol@example.com')).toBeNull();
    expect(await ports.enquiries.listByEmail('carol@example.com')).toEqual([]);
  });
});

describe('updatePhone', () => {
  it('stores a valid phone number', async () => {
    const { ports, uc } = makeMemoryAgency();
    const actor = await registerApplicant(uc);
    const user = await uc.updatePhone(actor, { phoneNumber: ' +44 20 7946 0000 ' });
    expect(user.phoneNumber).toBe('+44 20 7946 0000');
    expect((await ports.users.findById(actor.userId))?.phoneNumber).toBe('+44 20 7946 0000');
  });

  it('refuses a short one and keeps the old', async () => {
    const { ports, uc } = makeMemoryAgency();
    const actor = await registerApplicant(uc);
    await domainError(uc.updatePhone(actor, { phoneNumber: '12345' }), 'Validation', 'Please enter a valid phone number');
    expect((await ports.users.findById(actor.userId))?.phoneNumber).toBe('07700900123');
  });
});

describe('changePassword', () => {
  it('checks the current password, stores the new one, ends every session and queues a notice', async () => {
    const { ports, uc } = makeMemoryAgency();
    const actor = await registerApplicant(uc);
    const now = ports.clock.now();
    await ports.sessions.create({ idHash: 'h1', userId: actor.userId, createdAt: now, lastSeenAt: now });
    await ports.sessions.create({ idHash: 'h2', userId: actor.userId, createdAt: now, lastSeenAt: now });

    await uc.changePassword(actor, { currentPassword: 'secret123', newPassword: 'brand-new' });

    await uc.logIn({ email: 'alice@example.com', password: 'brand-new' });
    await domainError(uc.logIn({ email: 'alice@example.com', password: 'secret123' }), 'InvalidCredentials');
    expect(await ports.sessions.find('h1')).toBeNull();
    expect(await ports.sessions.find('h2')).toBeNull();
    const mails = await ports.outbox.list({ to: 'alice@example.com' });
    expect(mails.map((m) => m.template)).toEqual(['password_changed']);
    expect(mails[0].data.changedAt).toBe(now.toISOString());
  });

  it('clears needsPasswordChange of a contact-form account', async () => {
    const { ports, uc } = makeMemoryAgency();
    const { userId } = await uc.submitContactForm({ fullName: 'Dan', email: 'dan@example.com', phoneNumber: '07700900111', nationality: 'France', purposeOfTravel: 'Tourism' });
    const temporaryPassword = String((await ports.outbox.list({ to: 'dan@example.com' }))[0].data.temporaryPassword);
    await uc.changePassword({ userId, isAdmin: false, email: 'dan@example.com' }, { currentPassword: temporaryPassword, newPassword: 'chosen-pw' });
    expect((await uc.logIn({ email: 'dan@example.com', password: 'chosen-pw' })).needsPasswordChange).toBe(false);
  });

  it("says 'Current password is incorrect' on currentPassword and changes nothing", async () => {
    const { ports, uc } = makeMemoryAgency();
    const actor = await registerApplicant(uc);
    const now = ports.clock.now();
    await ports.sessions.create({ idHash: 'h1', userId: actor.userId, createdAt: now, lastSeenAt: now });
    const error = await domainError(uc.changePassword(actor, { currentPassword: 'wrong-one', newPassword: 'brand-new' }), 'Validation', 'Current password is incorrect');
    expect(error.data).toMatchObject({ errors: { currentPassword: ['Current password is incorrect'] } });
    await uc.logIn({ email: 'alice@example.com', password: 'secret123' });
    expect(await ports.sessions.find('h1')).not.toBeNull();
    expect(await ports.outbox.list()).toHaveLength(0);
  });

  it('refuses a too-short new password and the same password', async () => {
    const { uc } = makeMemoryAgency();
    const actor = await registerApplicant(uc);
    await domainError(uc.changePassword(actor, { currentPassword: 'secret123', newPassword: '123' }), 'Validation', 'New password must be at least 6 characters');
    await domainError(uc.changePassword(actor, { currentPassword: 'secret123', newPassword: 'secret123' }), 'Validation', 'New password must be different from the current password');
  });
});

describe('createAdmin', () => {
  it('creates an admin', async () => {
    const { uc } = makeMemoryAgency();
    const admin = await makeAdmin(uc);
    expect(admin.isAdmin).toBe(true);
    expect((await uc.logIn({ email: 'admin@evisa.test', password: 'adminpass' })).user.isAdmin).toBe(true);
  });

  it('promotes an existing account and leaves its password alone', async () => {
    const { uc } = makeMemoryAgency();
    const applicant = await registerApplicant(uc);
    const result = await uc.createAdmin({ email: 'ALICE@example.com', password: 'other-pass', fullName: 'X Y', phoneNumber: '0123456789' });
    expect(result).toMatchObject({ created: false, user: { id: applicant.userId, isAdmin: true } });
    const login = await uc.logIn({ email: 'alice@example.com', password: 'secret123' });
    expect(actorOf(login.user).isAdmin).toBe(true);
  });
});
