// The public face of this feature: what routes compose. Features never import each other (eslint.config.js).
export { RepliesSection } from './replies-section.js';
export { ReplyToRequest } from './request-reply.js';
