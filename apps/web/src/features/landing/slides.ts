import { msg } from '@core/i18n/index.js';
import type { Slide } from './carousel.js';

/** Illustrations drawn for this site (apps/web/public/images); their words are translated where shown. */
export const SLIDES: readonly Slide[] = [
  { src: '/images/giza-pyramids.svg', alt: msg('The three pyramids of Giza under an orange and purple sunset sky'), caption: msg('The pyramids of Giza') },
  { src: '/images/great-sphinx.svg', alt: msg('The Great Sphinx resting on the sand with a pyramid behind it'), caption: msg('The Great Sphinx') },
  { src: '/images/nile-felucca.svg', alt: msg('A white-sailed felucca on the blue Nile between palm-lined banks'), caption: msg('Sailing the Nile at Aswan') },
  { src: '/images/abu-simbel.svg', alt: msg('The four seated colossal statues carved into the cliff at Abu Simbel'), caption: msg('The temple of Abu Simbel') },
  { src: '/images/red-sea-reef.svg', alt: msg('Colourful corals and tropical fish on a Red Sea reef'), caption: msg('Red Sea coral reefs') },
];
