/** QR codes for pages to show (an authenticator app's set-up address). */
export interface QrCodes {
  /** The QR code of `text` as an SVG document. */
  svg(text: string): Promise<string>;
}
