import { visaValidity, type BorderPackFacts } from '../../core/domain/border-pack.js';

/** A border pack's facts as the renderers get them: one traveller, one stay, the agency's details. */
export const BORDER_PACK_FACTS: BorderPackFacts = {
  applicationNumber: 'EV-2611-000042',
  travellerName: 'Amira Hassan',
  passportNumber: 'P12345678',
  nationality: 'United Kingdom',
  validity: visaValidity({ entry: 'Single', expectedArrivalDate: '2026-12-20', expectedDepartureDate: '2027-01-03' }, new Date('2026-11-25T10:00:00Z')),
  stay: 'Steigenberger Hotel, Corniche El Nil Street, Luxor\nBooking reference ABC123',
  agency: { name: 'Nile Gate e-Visa Agency', email: 'help@nilegate.example', website: 'https://visa.nilegate.example', address: ['Nile Gate Ltd', '3 Quay Street', 'Manchester', 'M3 3JE'] },
};
