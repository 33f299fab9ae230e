export { Argon2PasswordHasher } from './argon2-password-hasher.js';
export { CROCKFORD_BASE32, CryptoIdGenerator } from './crypto-id-generator.js';
export { SystemClock } from './system-clock.js';
export { loadOrCreateSecret } from './app-secret.js';
export { OtplibOneTimeCodes } from './otplib-one-time-codes.js';
export { QrcodeSvg } from './qrcode-svg.js';
