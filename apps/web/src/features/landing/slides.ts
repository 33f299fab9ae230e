import type { Slide } from './carousel.js';

/** Illustrations drawn for this site (apps/web/public/images). */
export const SLIDES: readonly Slide[] = [
  { src: '/images/giza-pyramids.svg', alt: 'The three pyramids of Giza under an orange and purple sunset sky', caption: 'The pyramids of Giza' },
  { src: '/images/great-sphinx.svg', alt: 'The Great Sphinx resting on the sand with a pyramid behind it', caption: 'The Great Sphinx' },
  { src: '/images/nile-felucca.svg', alt: 'A white-sailed felucca on the blue Nile between palm-lined banks', caption: 'Sailing the Nile at Aswan' },
  { src: '/images/abu-simbel.svg', alt: 'The four seated colossal statues carved into the cliff at Abu Simbel', caption: 'The temple of Abu Simbel' },
  { src: '/images/red-sea-reef.svg', alt: 'Colourful corals and tropical fish on a Red Sea reef', caption: 'Red Sea coral reefs' },
];
