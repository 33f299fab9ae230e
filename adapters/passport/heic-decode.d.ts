/** heic-decode ships no types: the part of its API the passport adapter uses. */
declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    data: Uint8ClampedArray;
  }
  interface HeicImage {
    width: number;
    height: number;
    decode(): Promise<DecodedImage>;
  }
  interface HeicDecode {
    (input: { buffer: Uint8Array }): Promise<DecodedImage>;
    /** Every image of the file, undecoded: sizes first, pixels on demand; dispose() frees them. */
    all(input: { buffer: Uint8Array }): Promise<HeicImage[] & { dispose(): void }>;
  }
  const heicDecode: HeicDecode;
  export default heicDecode;
}
