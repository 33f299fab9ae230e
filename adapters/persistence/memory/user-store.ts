import { DEFAULT_LOCALE } from '../../../core/domain/locale.js';
import { errors } from '../../../core/domain/errors.js';
import { erasedReceipt } from '../../../core/domain/receipt.js';
import { isActiveAdmin, type User } from '../../../core/domain/user.js';
import type { OutboxMailInput } from '../../../core/ports/mail-outbox.js';
import type { NewUser, UserRepository } from '../../../core/ports/user-repository.js';
import { CONFLICT_MESSAGES, keepsActiveAdmin, matchesUserSearch, normaliseSearch, offsetLimit, reminderClaimable } from '../shared/rules.js';
import { appendAudit, copy, queueMails, time, userByEmail, type MemoryState } from './state.js';
import { resolveAudit, type AuditDraft } from '../../../core/domain/audit.js';

function hasApplication(s: MemoryState, userId: number): boolean {
  for (const a of s.applications.values()) if (a.userId === userId) return true;
  return false;
}

export function userStore(s: MemoryState): UserRepository {
  return {
    async create(user: NewUser, mails?: OutboxMailInput[], audit: AuditDraft[] = []): Promise<User> {
      if (userByEmail(s, user.email)) throw errors.conflict(CONFLICT_MESSAGES.email);
      const id = ++s.seq.users;
      const row: User = { locale: DEFAULT_LOCALE, ...copy(user), id };
      s.users.set(id, row);
      queueMails(s, mails, user.createdAt);
      appendAudit(s, resolveAudit(audit, { user: id }));
      return copy(row);
    },
    async findById(id) {
      const u = s.users.get(id);
      return u ? copy(u) : null;
    },
    async findByEmail(email) {
      const u = userByEmail(s, email);
      return u ? copy(u) : null;
    },
    async updateLocale(id, locale) {
      const u = s.users.get(id);
      if (!u) return null;
      u.locale = locale;
      s.access.announce({ user: id });
      return copy(u);
    },
    async updatePhone(id, phoneNumber) {
      const u = s.users.get(id);
      if (!u) return null;
      u.phoneNumber = phoneNumber;
      s.access.announce({ user: id });
      return copy(u);
    },
    async updatePassword(id, passwordHash, needsPasswordChange, mails, now) {
      const u = s.users.get(id);
      if (!u) return;
      u.passwordHash = passwordHash;
      u.needsPasswordChange = needsPasswordChange;
      queueMails(s, mails, now);
      s.access.announce({ user: id });
    },
    async setAdmin(id, isAdmin) {
      const u = s.users.get(id);
      if (u) u.isAdmin = isAdmin;
      s.access.announce({ user: id });
    },
    async listStaff() {
      return [...s.users.values()]
        .filter((u) => u.isAdmin)
        .sort((a, b) => time(a.createdAt) - time(b.createdAt) || a.id - b.id)
        .map(copy);
    },
    async updateStaff(id, change, audit = []) {
      const u = s.users.get(id);
      if (!u) return { refused: 'not-found' };
      const anotherAdmin = [...s.users.values()].some((other) => other.id !== id && isActiveAdmin(other));
      if (isActiveAdmin(u) && !keepsActiveAdmin(change) && !anotherAdmin) return { refused: 'last-admin' };
      u.isAdmin = true;
      if (change.role !== undefined) u.role = change.role;
      if (change.deactivatedAt !== undefined) u.deactivatedAt = change.deactivatedAt && new Date(time(change.deactivatedAt));
      if (change.deactivatedAt) for (const [key, sess] of s.sessions) if (sess.userId === id) s.sessions.delete(key);
      appendAudit(s, audit);
      s.access.announce({ user: id });
      return { user: copy(u) };
    },
    async listWithoutApplication() {
      const withApp = new Set([...s.applications.values()].map((a) => a.userId));
      return [...s.users.values()]
        .filter((u) => !withApp.has(u.id))
        .sort((a, b) => time(b.createdAt) - time(a.createdAt) || b.id - a.id)
        .map(copy);
    },
    async pageWithoutApplication(query) {
      const term = normaliseSearch(query.q);
      const withApp = new Set([...s.applications.values()].map((a) => a.userId));
      const all = [...s.users.values()].filter((u) => !u.isAdmin && !withApp.has(u.id) && matchesUserSearch(u, term)).sort((a, b) => time(b.createdAt) - time(a.createdAt) || b.id - a.id);
      const { offset, limit } = offsetLimit(query);
      return { items: all.slice(offset, offset + limit).map(copy), total: all.length };
    },
    async *streamWithoutApplication() {
      const withApp = new Set([...s.applications.values()].map((a) => a.userId));
      yield* [...s.users.values()]
        .filter((u) => !u.isAdmin && !withApp.has(u.id))
        .sort((a, b) => time(b.createdAt) - time(a.createdAt) || b.id - a.id)
        .map(copy);
    },
    async claimApplicationReminder(userId, now, notRemindedSince, mail) {
      const u = s.users.get(userId);
      if (!u || hasApplication(s, userId) || !reminderClaimable(u.applicationReminderSent, notRemindedSince)) return false;
      u.applicationReminderSent = new Date(time(now));
      queueMails(s, [mail], now);
      return true;
    },
    async erase(id) {
      if (!s.users.has(id)) return;
      for (const [key, sess] of s.sessions) if (sess.userId === id) s.sessions.delete(key);
      s.twoFactor.delete(id);
      s.recoveryCodes.delete(id);
      for (const [key, challenge] of s.challenges) if (challenge.userId === id) s.challenges.delete(key);
      for (const [appId, app] of s.applications) {
        if (app.userId !== id) continue;
        for (const [docId, doc] of s.documents) if (doc.applicationId === appId) s.documents.delete(docId);
        for (const [hId, h] of s.history) if (h.applicationId === appId) s.history.delete(hId);
        for (const [noteId, note] of s.notes) if (note.applicationId === appId) s.notes.delete(noteId);
        for (const [replyId, reply] of s.replies) if (reply.applicationId === appId) s.replies.delete(replyId);
        s.portal.delete(appId);
        s.trackingCodes.delete(appId);
        s.applications.delete(appId);
      }
      for (const [eId, e] of s.enquiries) if (e.userId === id) s.enquiries.delete(eId);
      for (const [textId, text] of s.texts) if (text.userId === id) s.texts.delete(textId);
      s.drafts.delete(id);
      for (const [gId, g] of s.groups) if (g.userId === id) s.groups.delete(gId);
      for (const p of s.payments.values()) if (p.userId === id) p.userId = null;
      for (const r of s.receipts.values()) if (r.userId === id) Object.assign(r, erasedReceipt(r));
      for (const ev of s.analytics) if (ev.userId === id) ev.userId = null;
      // As the SQL foreign keys' `on delete set null`.
      for (const row of s.portal.values()) if (row.updatedBy === id) row.updatedBy = null;
      for (const fee of s.governmentFees.values()) if (fee.createdBy === id) fee.createdBy = null;
      for (const outage of s.portalOutages.values()) {
        if (outage.startedBy === id) outage.startedBy = null;
        if (outage.endedBy === id) outage.endedBy = null;
      }
      s.users.delete(id);
      s.access.announce({ user: id });
    },
  };
}
