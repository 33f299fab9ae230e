// The public face of this feature: what routes compose. Features never import each other (eslint.config.js).
export { OurRecordPage } from './our-record-page.js';
export { LazyLandingRecord } from './lazy-landing-record.js';
