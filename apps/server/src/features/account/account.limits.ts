import { SMS_RESEND_SECONDS } from '@dso/contract';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Every limit of the account feature in one place; docs/accounts.md lists them with their reasons. */
export const accountLimits = {
  captcha: {
    /** A puzzle must be solved within this time. */
    puzzleTtlMs: 2 * MINUTE,
    /** Tries per puzzle; then a new puzzle is needed. */
    maxAttempts: 3,
    /** How far the released piece may be from the notch. */
    tolerancePx: 5,
    /** A solved puzzle's ticket must be spent by a send within this time. */
    ticketTtlMs: 5 * MINUTE,
    /** Puzzles one address may ask for per hour; drawing them costs CPU and a row each. */
    perIpPerHour: 60,
  },
  trail: {
    minPoints: 5,
    /** A drag faster than this is a script, not a hand. */
    minDurationMs: 200,
    maxDurationMs: 2 * MINUTE,
    /** Backward movement allowed (overshoot and correction), as a share of the forward movement. */
    maxBacktrackShare: 0.25,
  },
  sms: {
    codeTtlMs: 5 * MINUTE,
    maxWrongTries: 5,
    resendMs: SMS_RESEND_SECONDS * SECOND,
    phonePerHour: 5,
    phonePerDay: 10,
    ipPerHour: 20,
    ipPerDay: 50,
    /** An address over its daily limit is shut out of the login calls for this long (661). */
    ipBlockMs: DAY,
    /** More distinct phones than this from one address within the window looks like a harvest (660). */
    distinctPhonesPerIp: 5,
    distinctPhonesWindowMs: 10 * MINUTE,
  },
  password: {
    /** Failed password logins per phone in the window; then even the right password waits. */
    phoneFailures: 5,
    phoneWindowMs: 15 * MINUTE,
    ipFailures: 20,
    ipWindowMs: HOUR,
  },
  /** The proof that the old phone was verified, for the change-phone second step. */
  verifyTokenTtlMs: 10 * MINUTE,
  /** The sister product's hand-over token may live at most this long. */
  dccTokenMaxLifetimeMs: 5 * MINUTE,
  windows: { HOUR, DAY },
} as const;
