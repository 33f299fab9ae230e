// The public face of this feature: what routes compose. Features never import each other (eslint.config.js).
export { CancellationDecisionPanel } from './cancellation-decision.js';
export { CancelApplication, CancellationNotice } from './cancel-application.js';
