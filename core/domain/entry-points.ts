/**
 * Where a traveller lands in Egypt: the international airports the router asks about (docs/product.md
 * §5.12), by IATA code. Kept apart from the rules so the public router page carries only these names.
 */
export const ENTRY_POINTS = {
  CAI: 'Cairo (CAI)',
  HRG: 'Hurghada (HRG)',
  SSH: 'Sharm el-Sheikh (SSH)',
  LXR: 'Luxor (LXR)',
  RMF: 'Marsa Alam (RMF)',
  ASW: 'Aswan (ASW)',
  HBE: 'Alexandria Borg El Arab (HBE)',
  TCP: 'Taba (TCP)',
} as const;

export type EntryPoint = keyof typeof ENTRY_POINTS;
export const ENTRY_POINT_CODES = Object.keys(ENTRY_POINTS) as EntryPoint[];

export function isEntryPoint(value: string): value is EntryPoint {
  return Object.hasOwn(ENTRY_POINTS, value);
}

/** 'SSH' → 'Sharm el-Sheikh' (the name without its code). */
export function entryPointName(code: EntryPoint): string {
  return ENTRY_POINTS[code].replace(/ \([A-Z]{3}\)$/, '');
}
