import { createPasswordResetToken } from '../../../core/domain/password-reset.js';
import { describe, expect, it } from 'vitest';
import type { UseCases } from '../../../core/use-cases/use-cases.js';
import { makeMemoryAgency, type MemoryPorts } from '../../support/memory-ports.js';
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

  it('gives an existing email no second account, keeps the enquiry, says so and mails how to sign in or reset the password', async () => {
    const { ports, uc } = makeMemoryAgency();
    const applicant = await registerApplicant(uc, 'carol@example.com', 'Carol Tan');
    const result = await uc.submitContactForm(enquiry);
    expect(result).toMatchObject({ userId: applicant.userId, accountCreated: false });
    expect(result.message).toContain('An account already exists for this email');
    expect((await ports.enquiries.listByEmail('carol@example.com'))[0]).toMatchObject({ existingAccount: true, userId: applicant.userId });
    // the existing password still works: nothing about the account changed
    await uc.logIn({ email: 'carol@example.com', password: 'secret123' });

    const mails = await ports.outbox.list({ to: 'carol@example.com' });
    expect(mails.map((m) => m.template)).toEqual(['account_exists']);
    expect(mails[0].data).toMatchObject({ fullName: 'Carol Tan', email: 'carol@example.com' });
    expect(mails[0].data).not.toHaveProperty('temporaryPassword');
    // Its reset link works.
    await uc.resetPassword({ token: String(mails[0].data.resetToken), newPassword: 'carol-new-pw' });
    await uc.logIn({ email: 'carol@example.com', password: 'carol-new-pw' });
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

describe('password reset', () => {
  async function requestLink(ports: MemoryPorts, uc: UseCases, email = 'alice@example.com'): Promise<string> {
    await uc.requestPasswordReset({ email });
    const mails = (await ports.outbox.list({ to: 'alice@example.com' })).filter((m) => m.template === 'password_reset');
    return String(mails[mails.length - 1].data.resetToken);
  }

  it('mails a reset link to an account, and answers an unknown email the same without mailing anyone', async () => {
    const { ports, uc } = makeMemoryAgency();
    await registerApplicant(uc);
    const known = await uc.requestPasswordReset({ email: ' ALICE@example.com ' });
    const unknown = await uc.requestPasswordReset({ email: 'nobody@example.com' });
    expect(known).toEqual(unknown);
    expect(known.message).toBe('If an account exists for this email, we have sent it a link to choose a new password. The link works for 1 hour.');
    const mails = await ports.outbox.list();
    expect(mails.map((m) => [m.to, m.template])).toEqual([['alice@example.com', 'password_reset']]);
    expect(mails[0].data).toMatchObject({ fullName: 'Alice Smith', resetToken: expect.stringMatching(/^\d+\.\d+\.[A-Za-z0-9_-]{43}$/) });
  });

  it('refuses a badly formed email', async () => {
    const { uc } = makeMemoryAgency();
    await domainError(uc.requestPasswordReset({ email: 'not-an-email' }), 'Validation', 'Please enter a valid email');
  });

  it('sets the new password, clears needsPasswordChange, ends every session and queues a notice', async () => {
    const { ports, uc } = makeMemoryAgency();
    const { userId } = await uc.submitContactForm({ fullName: 'Dan', email: 'alice@example.com', phoneNumber: '07700900111', nationality: 'France', purposeOfTravel: 'Tourism' });
    const now = ports.clock.now();
    await ports.sessions.create({ idHash: 'h1', userId, createdAt: now, lastSeenAt: now });
    await ports.sessions.create({ idHash: 'h2', userId, createdAt: now, lastSeenAt: now });
    const token = await requestLink(ports, uc);

    const result = await uc.resetPassword({ token, newPassword: 'chosen-pw' });
    expect(result).toEqual({ userId, message: 'Your password has been reset. You can now sign in with your new password.' });
    const login = await uc.logIn({ email: 'alice@example.com', password: 'chosen-pw' });
    expect(login.needsPasswordChange).toBe(false);
    expect(await ports.sessions.find('h1')).toBeNull();
    expect(await ports.sessions.find('h2')).toBeNull();
    const notices = (await ports.outbox.list({ to: 'alice@example.com' })).filter((m) => m.template === 'password_changed');
    expect(notices).toHaveLength(1);
    expect(notices[0].data.changedAt).toBe(now.toISOString());
  });

  it('works once: the used link, and every link sent before it, stop working', async () => {
    const { ports, uc } = makeMemoryAgency();
    await registerApplicant(uc);
    const earlier = await requestLink(ports, uc);
    const token = await requestLink(ports, uc);
    await uc.resetPassword({ token, newPassword: 'first-new' });
    const invalid = 'This password reset link is invalid, has expired or has already been used. Please request a new one.';
    const again = await domainError(uc.resetPassword({ token, newPassword: 'second-new' }), 'Validation', invalid);
    expect(again.data).toMatchObject({ errors: { token: [invalid] } });
    await domainError(uc.resetPassword({ token: earlier, newPassword: 'second-new' }), 'Validation', invalid);
    await uc.logIn({ email: 'alice@example.com', password: 'first-new' });
  });

  it('cannot be forged from the database alone: a link signed without the server’s secret is refused', async () => {
    const { ports, uc } = makeMemoryAgency();
    await registerApplicant(uc);
    const user = (await ports.users.findByEmail('alice@example.com'))!;
    // Everything a database reader knows: the id and the password hash.
    for (const guessedSecret of ['', 'some-other-secret']) {
      const forged = await createPasswordResetToken(user, guessedSecret, ports.clock.now());
      await domainError(uc.resetPassword({ token: forged, newPassword: 'taken-over' }), 'Validation');
    }
    const genuine = await createPasswordResetToken(user, ports.secrets.tokenKey, ports.clock.now());
    await uc.resetPassword({ token: genuine, newPassword: 'chosen-pw' });
    await uc.logIn({ email: 'alice@example.com', password: 'chosen-pw' });
  });

  it('stops working after 1 hour, and after the password was changed otherwise', async () => {
    const { ports, uc } = makeMemoryAgency();
    const actor = await registerApplicant(uc);
    const token = await requestLink(ports, uc);
    ports.clock.advance(60 * 60 * 1000);
    await domainError(uc.resetPassword({ token, newPassword: 'too-late' }), 'Validation');

    const fresh = await requestLink(ports, uc);
    await uc.changePassword(actor, { currentPassword: 'secret123', newPassword: 'changed-in-profile' });
    await domainError(uc.resetPassword({ token: fresh, newPassword: 'too-late' }), 'Validation');
    await uc.logIn({ email: 'alice@example.com', password: 'changed-in-profile' });
  });

  it('refuses a forged, altered or malformed token and a short password, and changes nothing', async () => {
    const { ports, uc } = makeMemoryAgency();
    const actor = await registerApplicant(uc);
    await registerApplicant(uc, 'bob@example.com', 'Bob Jones');
    const token = await requestLink(ports, uc);
    const [, expiry, signature] = token.split('.');
    const otherUser = (await ports.users.findByEmail('bob@example.com'))!.id;
    const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
    for (const bad of [
      `${otherUser}.${expiry}.${signature}`, // another user's id with this signature
      `${actor.userId}.${Number(expiry) + 3600}.${signature}`, // a later expiry
      `${actor.userId}.${expiry}.${flipped}`,
      'not-a-token',
      `${actor.userId}.${expiry}`,
      `999.${expiry}.${signature}`,
      `2147483648.${expiry}.${signature}`, // beyond every database's id range: refused before any lookup
    ]) {
      await domainError(
        uc.resetPassword({ token: bad, newPassword: 'hijacked' }),
        'Validation',
        'This password reset link is invalid, has expired or has already been used. Please request a new one.',
      );
    }
    await domainError(uc.resetPassword({ token, newPassword: '123' }), 'Validation', 'New password must be at least 6 characters');
    await uc.logIn({ email: 'alice@example.com', password: 'secret123' });
    await uc.logIn({ email: 'bob@example.com', password: 'secret123' });
    expect((await ports.outbox.list()).filter((m) => m.template === 'password_changed')).toEqual([]);
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
