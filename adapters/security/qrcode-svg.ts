import QRCode from 'qrcode';
import type { QrCodes } from '../../core/ports/qr-codes.js';

/** QR codes drawn by `qrcode` as SVG (no canvas needed on the server). */
export class QrcodeSvg implements QrCodes {
  svg(text: string): Promise<string> {
    return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  }
}
