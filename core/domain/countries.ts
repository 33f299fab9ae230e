/**
 * Nationality choices (docs/product.md §5.5, §10.5): a fixed list of 196 countries, Egypt included. Some
 * entries keep the unusual spellings docs/product.md §5.5 requires: 'Congo {Democratic Rep}', 'Ireland {Republic}',
 * 'Myanmar, {Burma}', 'Korea North', 'Korea South'.
 */
export const COUNTRIES = [
  'Afghanistan', 'Albania', 'Algeria', 'Andorra', 'Angola', 'Antigua & Deps', 'Argentina', 'Armenia', 'Australia',
  'Austria', 'Azerbaijan', 'Bahamas', 'Bahrain', 'Bangladesh', 'Barbados', 'Belarus', 'Belgium', 'Belize', 'Benin',
  'Bhutan', 'Bolivia', 'Bosnia Herzegovina', 'Botswana', 'Brazil', 'Brunei', 'Bulgaria', 'Burkina', 'Burundi',
  'Cambodia', 'Cameroon', 'Canada', 'Cape Verde', 'Central African Rep', 'Chad', 'Chile', 'China', 'Colombia',
  'Comoros', 'Congo', 'Congo {Democratic Rep}', 'Costa Rica', 'Croatia', 'Cuba', 'Cyprus', 'Czech Republic',
  'Denmark', 'Djibouti', 'Dominica', 'Dominican Republic', 'East Timor', 'Ecuador', 'Egypt', 'El Salvador',
  'Equatorial Guinea', 'Eritrea', 'Estonia', 'Ethiopia', 'Fiji', 'Finland', 'France', 'Gabon', 'Gambia', 'Georgia',
  'Germany', 'Ghana', 'Greece', 'Grenada', 'Guatemala', 'Guinea', 'Guinea-Bissau', 'Guyana', 'Haiti', 'Honduras',
  'Hungary', 'Iceland', 'India', 'Indonesia', 'Iran', 'Iraq', 'Ireland {Republic}', 'Israel', 'Italy', 'Ivory Coast',
  'Jamaica', 'Japan', 'Jordan', 'Kazakhstan', 'Kenya', 'Kiribati', 'Korea North', 'Korea South', 'Kosovo', 'Kuwait',
  'Kyrgyzstan', 'Laos', 'Latvia', 'Lebanon', 'Lesotho', 'Liberia', 'Libya', 'Liechtenstein', 'Lithuania',
  'Luxembourg', 'Macedonia', 'Madagascar', 'Malawi', 'Malaysia', 'Maldives', 'Mali', 'Malta', 'Marshall Islands',
  'Mauritania', 'Mauritius', 'Mexico', 'Micronesia', 'Moldova', 'Monaco', 'Mongolia', 'Montenegro', 'Morocco',
  'Mozambique', 'Myanmar, {Burma}', 'Namibia', 'Nauru', 'Nepal', 'Netherlands', 'New Zealand', 'Nicaragua', 'Niger',
  'Nigeria', 'Norway', 'Oman', 'Pakistan', 'Palau', 'Panama', 'Papua New Guinea', 'Paraguay', 'Peru', 'Philippines',
  'Poland', 'Portugal', 'Qatar', 'Romania', 'Russian Federation', 'Rwanda', 'St Kitts & Nevis', 'St Lucia',
  'Saint Vincent & the Grenadines', 'Samoa', 'San Marino', 'Sao Tome & Principe', 'Saudi Arabia', 'Senegal', 'Serbia',
  'Seychelles', 'Sierra Leone', 'Singapore', 'Slovakia', 'Slovenia', 'Solomon Islands', 'Somalia', 'South Africa',
  'South Sudan', 'Spain', 'Sri Lanka', 'Sudan', 'Suriname', 'Swaziland', 'Sweden', 'Switzerland', 'Syria', 'Taiwan',
  'Tajikistan', 'Tanzania', 'Thailand', 'Togo', 'Tonga', 'Trinidad & Tobago', 'Tunisia', 'Turkey', 'Turkmenistan',
  'Tuvalu', 'Uganda', 'Ukraine', 'United Arab Emirates', 'United Kingdom', 'United States', 'Uruguay', 'Uzbekistan',
  'Vanuatu', 'Vatican City', 'Venezuela', 'Vietnam', 'Yemen', 'Zambia', 'Zimbabwe',
] as const;

export type Country = (typeof COUNTRIES)[number];

/** docs/product.md §5.5: default nationality and country of birth. */
export const DEFAULT_COUNTRY: Country = 'United Kingdom';

/**
 * Nationalities whose citizens cannot get Egypt's tourist e-visa through this agency (docs/product.md §5.5,
 * "about 120 countries").
 *
 * What this is based on: the list of nationalities eligible for the tourist e-visa on Egypt's
 * official e-visa portal (visa2egypt.gov.eg) — the EU/EEA and Schengen states (except Andorra and
 * Liechtenstein, which docs/product.md §5.5 names as unsupported), the rest of Europe's eligible states (Albania,
 * Armenia, Azerbaijan, Belarus, Bosnia Herzegovina, Georgia, Macedonia, Moldova, Monaco, Montenegro,
 * Russian Federation, San Marino, Serbia, Ukraine, United Kingdom, Vatican City), North and South
 * America's eligible states (Argentina, Brazil, Canada, Chile, Colombia, Ecuador, Mexico, Paraguay,
 * Peru, United States, Uruguay, Venezuela), and in Asia-Pacific and Africa: Australia, Brunei, China,
 * India, Japan, Kazakhstan, Korea South, Malaysia, New Zealand, Singapore, Taiwan and South Africa.
 * Every other country of COUNTRIES is listed here, which includes every country docs/product.md §5.5 names
 * (Afghanistan, Pakistan, Bangladesh, Nigeria, Iran, Iraq, Israel, Saudi Arabia, Syria, Yemen, Turkey,
 * Andorra, Liechtenstein), the Gulf states (their citizens enter Egypt without this e-visa), Egypt
 * itself (Egyptians need no visa), and the states not on the portal's list in Asia, Africa, the
 * Caribbean and Central America, Oceania and the Middle East.
 *
 * Review this list against the portal when Egypt's policy changes; the tests pin the ones docs/product.md §5.5 names.
 */
export const UNSUPPORTED_NATIONALITIES: readonly Country[] = [
  // Europe (docs/product.md §5.5: Andorra, Liechtenstein, Turkey)
  'Andorra', 'Liechtenstein', 'Turkey', 'Kosovo',
  // Asia
  'Afghanistan', 'Bangladesh', 'Bhutan', 'Cambodia', 'East Timor', 'Indonesia', 'Korea North', 'Kyrgyzstan', 'Laos',
  'Maldives', 'Mongolia', 'Myanmar, {Burma}', 'Nepal', 'Pakistan', 'Philippines', 'Sri Lanka', 'Tajikistan',
  'Thailand', 'Turkmenistan', 'Uzbekistan', 'Vietnam',
  // Middle East
  'Bahrain', 'Egypt', 'Iran', 'Iraq', 'Israel', 'Jordan', 'Kuwait', 'Lebanon', 'Oman', 'Qatar', 'Saudi Arabia', 'Syria',
  'United Arab Emirates', 'Yemen',
  // Africa
  'Algeria', 'Angola', 'Benin', 'Botswana', 'Burkina', 'Burundi', 'Cameroon', 'Cape Verde', 'Central African Rep',
  'Chad', 'Comoros', 'Congo', 'Congo {Democratic Rep}', 'Djibouti', 'Equatorial Guinea', 'Eritrea', 'Ethiopia', 'Gabon',
  'Gambia', 'Ghana', 'Guinea', 'Guinea-Bissau', 'Ivory Coast', 'Kenya', 'Lesotho', 'Liberia', 'Libya', 'Madagascar',
  'Malawi', 'Mali', 'Mauritania', 'Mauritius', 'Morocco', 'Mozambique', 'Namibia', 'Niger', 'Nigeria', 'Rwanda',
  'Sao Tome & Principe', 'Senegal', 'Seychelles', 'Sierra Leone', 'Somalia', 'South Sudan', 'Sudan', 'Swaziland',
  'Tanzania', 'Togo', 'Tunisia', 'Uganda', 'Zambia', 'Zimbabwe',
  // The Caribbean and Central America
  'Antigua & Deps', 'Bahamas', 'Barbados', 'Belize', 'Costa Rica', 'Cuba', 'Dominica', 'Dominican Republic',
  'El Salvador', 'Grenada', 'Guatemala', 'Haiti', 'Honduras', 'Jamaica', 'Nicaragua', 'Panama', 'St Kitts & Nevis',
  'St Lucia', 'Saint Vincent & the Grenadines', 'Trinidad & Tobago',
  // South America (not on the portal's list)
  'Bolivia', 'Guyana', 'Suriname',
  // Oceania
  'Fiji', 'Kiribati', 'Marshall Islands', 'Micronesia', 'Nauru', 'Palau', 'Papua New Guinea', 'Samoa',
  'Solomon Islands', 'Tonga', 'Tuvalu', 'Vanuatu',
];

const countrySet: ReadonlySet<string> = new Set(COUNTRIES);
const unsupportedSet: ReadonlySet<string> = new Set(UNSUPPORTED_NATIONALITIES);

export function isCountry(value: string): value is Country {
  return countrySet.has(value);
}

/** True for a listed country whose citizens this agency can help. */
export function isSupportedNationality(nationality: string): boolean {
  return countrySet.has(nationality) && !unsupportedSet.has(nationality);
}

/** The message of docs/product.md §5.5, with the agency's contact address in place of {email}. */
export function unsupportedNationalityMessage(agencyEmail: string): string {
  return `We currently do not process applications for your nationality. Please contact us at ${agencyEmail} for further support.`;
}
