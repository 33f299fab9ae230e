import type { Country } from './countries.js';

/**
 * The ICAO 9303 nationality codes a passport's machine-readable zone writes for each country of
 * the product's list (ISO 3166 alpha-3, with ICAO's own exceptions): Germany is 'D'; every
 * British nationality class (citizen GBR, overseas territories citizen GBD, national overseas
 * GBN, overseas citizen GBO, protected person GBP, subject GBS) is the United Kingdom; Kosovo is
 * 'RKS'. Codes of no country on the list (UTO, XXA stateless, UNO, EUE, HKG…) have no name.
 */
const ICAO_CODES: Record<Country, readonly string[]> = {
  Afghanistan: ['AFG'], Albania: ['ALB'], Algeria: ['DZA'], Andorra: ['AND'], Angola: ['AGO'],
  'Antigua & Deps': ['ATG'], Argentina: ['ARG'], Armenia: ['ARM'], Australia: ['AUS'], Austria: ['AUT'],
  Azerbaijan: ['AZE'], Bahamas: ['BHS'], Bahrain: ['BHR'], Bangladesh: ['BGD'], Barbados: ['BRB'],
  Belarus: ['BLR'], Belgium: ['BEL'], Belize: ['BLZ'], Benin: ['BEN'], Bhutan: ['BTN'], Bolivia: ['BOL'],
  'Bosnia Herzegovina': ['BIH'], Botswana: ['BWA'], Brazil: ['BRA'], Brunei: ['BRN'], Bulgaria: ['BGR'],
  Burkina: ['BFA'], Burundi: ['BDI'], Cambodia: ['KHM'], Cameroon: ['CMR'], Canada: ['CAN'],
  'Cape Verde': ['CPV'], 'Central African Rep': ['CAF'], Chad: ['TCD'], Chile: ['CHL'], China: ['CHN'],
  Colombia: ['COL'], Comoros: ['COM'], Congo: ['COG'], 'Congo {Democratic Rep}': ['COD'], 'Costa Rica': ['CRI'],
  Croatia: ['HRV'], Cuba: ['CUB'], Cyprus: ['CYP'], 'Czech Republic': ['CZE'], Denmark: ['DNK'],
  Djibouti: ['DJI'], Dominica: ['DMA'], 'Dominican Republic': ['DOM'], 'East Timor': ['TLS'], Ecuador: ['ECU'],
  Egypt: ['EGY'], 'El Salvador': ['SLV'], 'Equatorial Guinea': ['GNQ'], Eritrea: ['ERI'], Estonia: ['EST'],
  Ethiopia: ['ETH'], Fiji: ['FJI'], Finland: ['FIN'], France: ['FRA'], Gabon: ['GAB'], Gambia: ['GMB'],
  Georgia: ['GEO'], Germany: ['D'], Ghana: ['GHA'], Greece: ['GRC'], Grenada: ['GRD'], Guatemala: ['GTM'],
  Guinea: ['GIN'], 'Guinea-Bissau': ['GNB'], Guyana: ['GUY'], Haiti: ['HTI'], Honduras: ['HND'],
  Hungary: ['HUN'], Iceland: ['ISL'], India: ['IND'], Indonesia: ['IDN'], Iran: ['IRN'], Iraq: ['IRQ'],
  'Ireland {Republic}': ['IRL'], Israel: ['ISR'], Italy: ['ITA'], 'Ivory Coast': ['CIV'], Jamaica: ['JAM'],
  Japan: ['JPN'], Jordan: ['JOR'], Kazakhstan: ['KAZ'], Kenya: ['KEN'], Kiribati: ['KIR'],
  'Korea North': ['PRK'], 'Korea South': ['KOR'], Kosovo: ['RKS'], Kuwait: ['KWT'], Kyrgyzstan: ['KGZ'],
  Laos: ['LAO'], Latvia: ['LVA'], Lebanon: ['LBN'], Lesotho: ['LSO'], Liberia: ['LBR'], Libya: ['LBY'],
  Liechtenstein: ['LIE'], Lithuania: ['LTU'], Luxembourg: ['LUX'], Macedonia: ['MKD'], Madagascar: ['MDG'],
  Malawi: ['MWI'], Malaysia: ['MYS'], Maldives: ['MDV'], Mali: ['MLI'], Malta: ['MLT'],
  'Marshall Islands': ['MHL'], Mauritania: ['MRT'], Mauritius: ['MUS'], Mexico: ['MEX'], Micronesia: ['FSM'],
  Moldova: ['MDA'], Monaco: ['MCO'], Mongolia: ['MNG'], Montenegro: ['MNE'], Morocco: ['MAR'],
  Mozambique: ['MOZ'], 'Myanmar, {Burma}': ['MMR'], Namibia: ['NAM'], Nauru: ['NRU'], Nepal: ['NPL'],
  Netherlands: ['NLD'], 'New Zealand': ['NZL'], Nicaragua: ['NIC'], Niger: ['NER'], Nigeria: ['NGA'],
  Norway: ['NOR'], Oman: ['OMN'], Pakistan: ['PAK'], Palau: ['PLW'], Panama: ['PAN'],
  'Papua New Guinea': ['PNG'], Paraguay: ['PRY'], Peru: ['PER'], Philippines: ['PHL'], Poland: ['POL'],
  Portugal: ['PRT'], Qatar: ['QAT'], Romania: ['ROU'], 'Russian Federation': ['RUS'], Rwanda: ['RWA'],
  'St Kitts & Nevis': ['KNA'], 'St Lucia': ['LCA'], 'Saint Vincent & the Grenadines': ['VCT'], Samoa: ['WSM'],
  'San Marino': ['SMR'], 'Sao Tome & Principe': ['STP'], 'Saudi Arabia': ['SAU'], Senegal: ['SEN'],
  Serbia: ['SRB'], Seychelles: ['SYC'], 'Sierra Leone': ['SLE'], Singapore: ['SGP'], Slovakia: ['SVK'],
  Slovenia: ['SVN'], 'Solomon Islands': ['SLB'], Somalia: ['SOM'], 'South Africa': ['ZAF'],
  'South Sudan': ['SSD'], Spain: ['ESP'], 'Sri Lanka': ['LKA'], Sudan: ['SDN'], Suriname: ['SUR'],
  Swaziland: ['SWZ'], Sweden: ['SWE'], Switzerland: ['CHE'], Syria: ['SYR'], Taiwan: ['TWN'],
  Tajikistan: ['TJK'], Tanzania: ['TZA'], Thailand: ['THA'], Togo: ['TGO'], Tonga: ['TON'],
  'Trinidad & Tobago': ['TTO'], Tunisia: ['TUN'], Turkey: ['TUR'], Turkmenistan: ['TKM'], Tuvalu: ['TUV'],
  Uganda: ['UGA'], Ukraine: ['UKR'], 'United Arab Emirates': ['ARE'],
  'United Kingdom': ['GBR', 'GBD', 'GBN', 'GBO', 'GBP', 'GBS'], 'United States': ['USA'], Uruguay: ['URY'],
  Uzbekistan: ['UZB'], Vanuatu: ['VUT'], 'Vatican City': ['VAT'], Venezuela: ['VEN'], Vietnam: ['VNM'],
  Yemen: ['YEM'], Zambia: ['ZMB'], Zimbabwe: ['ZWE'],
};

const COUNTRY_OF_CODE: ReadonlyMap<string, Country> = new Map(
  (Object.entries(ICAO_CODES) as [Country, readonly string[]][]).flatMap(([country, codes]) => codes.map((code) => [code, country] as const)),
);

/** The country of the product's list an MRZ nationality code stands for ('D<<', 'GBR'), or null. */
export function countryOfIcaoCode(code: string): Country | null {
  return COUNTRY_OF_CODE.get(code.replace(/</g, '').trim().toUpperCase()) ?? null;
}

/** The codes an MRZ may write for `country` (the first is the usual one). */
export function icaoCodesOf(country: Country): readonly string[] {
  return ICAO_CODES[country];
}
