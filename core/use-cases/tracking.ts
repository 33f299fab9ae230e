import type { Application } from '../domain/application.js';
import { errors } from '../domain/errors.js';
import type { TimelineEntry } from '../domain/timeline.js';
import {
  createTrackingAccess,
  hashTrackingCode,
  newTrackingCode,
  nextStepFor,
  TRACKING_ACCESS_TTL_MS,
  TRACKING_CODE_INVALID_MESSAGE,
  TRACKING_CODE_MAX_WRONG_TRIES,
  TRACKING_CODE_TTL_MS,
  TRACKING_NUMBERS_SENT_MESSAGE,
  TRACKING_REQUESTED_MESSAGE,
  verifyTrackingAccess,
  type TrackedApplication,
} from '../domain/tracking.js';
import { normaliseEmail, type User } from '../domain/user.js';
import type { Ports } from '../ports/index.js';
import { parseInput } from '../schemas/parse.js';
import { trackForgotSchema, trackRequestSchema, trackVerifySchema } from '../schemas/tracking.js';
import { toView } from './shared.js';
import type { ApplicationView } from './types.js';

/** What the track page shows (docs/product.md §16.1), with the guarantee as the dashboard reads it. */
export type TrackedApplicationView = TrackedApplication<ApplicationView['guarantee']>;

/** The right code's answer: the application, and the read-only access token for its cookie. */
export interface TrackingAccess {
  application: TrackedApplicationView;
  token: string;
  expiresAt: Date;
}

/** Hashed in place of a code when the number and email do not match, so both paths do the same work. */
const NO_APPLICATION_ID = 0;

const invalidCode = () => errors.validation(TRACKING_CODE_INVALID_MESSAGE, { code: [TRACKING_CODE_INVALID_MESSAGE] });

/**
 * Tracking without signing in (docs/product.md §16.1; decision 0012). Every answer that could tell
 * whether an application number exists is the same either way: the request and the "forgot"
 * answers are one fixed message, and every refusal of a code is one 400. Rate limits are the HTTP
 * app's job.
 */
export function makeTracking(
  ports: Pick<Ports, 'applications' | 'users' | 'trackingCodes' | 'outbox' | 'clock' | 'secrets'>,
  applicationTimeline: (application: Application) => Promise<TimelineEntry[]>,
) {
  /** The application with this number, if its account's email is `email` (case-insensitive). */
  async function matching(applicationNumber: string, email: string): Promise<{ application: Application; owner: User } | null> {
    const application = await ports.applications.findByNumber(applicationNumber);
    if (!application) return null;
    const owner = await ports.users.findById(application.userId);
    return owner && normaliseEmail(owner.email) === normaliseEmail(email) ? { application, owner } : null;
  }

  async function tracked(application: Application, now: Date): Promise<TrackedApplicationView> {
    return {
      applicationNumber: application.applicationNumber,
      status: application.status,
      givenName: application.givenName,
      timeline: await applicationTimeline(application),
      guarantee: toView(application, now).guarantee,
      nextStep: nextStepFor(application),
    };
  }

  /**
   * POST /api/track/request: when the number and email match, a new 6-digit code (replacing the
   * last) is stored hashed and mailed through the outbox in one operation; the answer never waits
   * on the mail. A code is drawn and hashed on both paths.
   */
  async function requestTrackingCode(input: { applicationNumber: string; email: string }): Promise<{ message: string }> {
    const data = parseInput(trackRequestSchema, input);
    const match = await matching(data.applicationNumber, data.email);
    const code = newTrackingCode();
    const codeHash = await hashTrackingCode(ports.secrets.tokenKey, match?.application.id ?? NO_APPLICATION_ID, code);
    if (match) {
      const { application, owner } = match;
      const now = ports.clock.now();
      await ports.trackingCodes.issue(
        { applicationId: application.id, codeHash, createdAt: now, expiresAt: new Date(now.getTime() + TRACKING_CODE_TTL_MS) },
        { to: owner.email, template: 'tracking_code', data: { fullName: owner.fullName, applicationNumber: application.applicationNumber, code } },
      );
    }
    return { message: TRACKING_REQUESTED_MESSAGE };
  }

  /**
   * POST /api/track/verify: the live code of this application, asked for with this email, opens it.
   * A wrong code counts against the live code (the fifth kills it); a code that is wrong, expired,
   * used, dead or another application's is one 400, whatever the reason.
   */
  async function verifyTrackingCode(input: { applicationNumber: string; email: string; code: string }): Promise<TrackingAccess> {
    const data = parseInput(trackVerifySchema, input);
    const application = (await matching(data.applicationNumber, data.email))?.application;
    const codeHash = await hashTrackingCode(ports.secrets.tokenKey, application?.id ?? NO_APPLICATION_ID, data.code);
    if (!application) throw invalidCode();
    const now = ports.clock.now();
    const outcome = await ports.trackingCodes.attempt(application.id, codeHash, now, TRACKING_CODE_MAX_WRONG_TRIES);
    if (outcome !== 'accepted') throw invalidCode();
    const expiresAt = new Date(now.getTime() + TRACKING_ACCESS_TTL_MS);
    return { application: await tracked(application, now), token: await createTrackingAccess(ports.secrets.tokenKey, application.id, expiresAt), expiresAt };
  }

  /** GET /api/track/application: the application an access token (the cookie) opens, or null. */
  async function trackedApplication(token: string | undefined): Promise<TrackedApplicationView | null> {
    if (!token || token.length > 200) return null;
    const now = ports.clock.now();
    const applicationId = await verifyTrackingAccess(ports.secrets.tokenKey, token, now);
    if (applicationId === null) return null;
    const application = await ports.applications.findById(applicationId);
    return application ? tracked(application, now) : null;
  }

  /** POST /api/track/forgot: mails the numbers (and statuses) of the address's applications, if it has any. */
  async function mailApplicationNumbers(input: { email: string }): Promise<{ message: string }> {
    const data = parseInput(trackForgotSchema, input);
    const user = await ports.users.findByEmail(normaliseEmail(data.email));
    const applications = user ? await ports.applications.listByUser(user.id) : [];
    if (user && applications.length > 0) {
      await ports.outbox.enqueue(
        {
          to: user.email,
          template: 'application_numbers',
          data: {
            fullName: user.fullName,
            applications: applications.map((a) => ({ applicationNumber: a.applicationNumber, status: a.status, ...(a.cancelledAt ? { cancelled: true } : {}) })),
          },
        },
        ports.clock.now(),
      );
    }
    return { message: TRACKING_NUMBERS_SENT_MESSAGE };
  }

  return { requestTrackingCode, verifyTrackingCode, trackedApplication, mailApplicationNumbers };
}
