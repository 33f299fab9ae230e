// The public face of this feature: what routes compose. Features never import each other (eslint.config.js).
export { ForgotPasswordPage } from './forgot-password-page.js';
export { ResetPasswordPage } from './reset-password-page.js';
