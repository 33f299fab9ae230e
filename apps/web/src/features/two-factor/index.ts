// The public face of this feature: what routes compose. Features never import each other (eslint.config.js).
export { StaffEnrolmentGate } from './staff-enrolment.js';
export { TwoFactorSection } from './two-factor-section.js';
export { SessionsSection } from './sessions-section.js';
