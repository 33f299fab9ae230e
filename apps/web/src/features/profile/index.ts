// The public face of this feature: what routes compose. Features never import each other (eslint.config.js).
export { ProfilePage, type ProfileParts } from './profile-page.js';
export { MailBounceNotice } from './mail-bounce-notice.js';
