import { type DescribedSchema, schemaProse } from '#shared/routing/prose.ts';
import {
  DateAndPlaceOfBirthSchema,
  GeographicAddressSchema,
  LegalPersonSchema,
  NationalIdentificationSchema,
  NaturalPersonSchema,
} from '#shared/travel-rule/ivms101.ts';

/** The IVMS101 parts of the treasury's Travel Rule schemas, described once as components (shared/routing/prose.ts). */

const ADDRESS = {
  addressType: 'HOME',
  streetName: 'Invalidenstraße',
  buildingNumber: '117',
  postCode: '10115',
  townName: 'Berlin',
  country: 'DE',
};
const NATIONAL_ID = { nationalIdentifier: 'C01X00T47', nationalIdentifierType: 'CCPT', countryOfIssue: 'DE' };

export const ivms101Prose: readonly DescribedSchema[] = [
  schemaProse(GeographicAddressSchema, {
    id: 'Ivms101GeographicAddress',
    description: 'An IVMS101 geographic address',
    examples: [ADDRESS],
    shape: {
      addressType: { description: '`HOME` (residential), `BIZZ` (business) or `GEOG` (geographic)' },
      addressLine: { description: 'Free-form lines, at most 7 of 70 characters, where the parts below do not fit' },
      streetName: { description: 'The street' },
      buildingNumber: { description: 'The number in the street' },
      postCode: { description: 'The postal code' },
      townName: { description: 'The town or city' },
      country: { description: 'ISO 3166-1 alpha-2 country code' },
    },
  }),
  schemaProse(NationalIdentificationSchema, {
    id: 'Ivms101NationalIdentification',
    description: 'An official identifier of the person (IVMS101 national identification)',
    examples: [NATIONAL_ID],
    shape: {
      nationalIdentifier: { description: 'The identifier itself, e.g. the passport number or the LEI' },
      nationalIdentifierType: {
        description:
          '`CCPT` passport, `IDCD` identity card, `DRLC` driving licence, `TXID` tax id, `SOCS` social security, ' +
          '`RAID` registration authority id, `FIIN` financial institution id, `LEIX` LEI, `ARNU` alien registration, `MISC`',
      },
      countryOfIssue: { description: 'ISO 3166-1 alpha-2 country that issued it' },
      registrationAuthority: { description: 'The GLEIF registration authority code (RA and 6 digits), for `RAID`' },
    },
  }),
  schemaProse(DateAndPlaceOfBirthSchema, {
    id: 'Ivms101DateAndPlaceOfBirth',
    description: "A natural person's date and place of birth",
    examples: [{ dateOfBirth: '1906-12-09', placeOfBirth: 'New York City' }],
    shape: {
      dateOfBirth: { description: 'YYYY-MM-DD' },
      placeOfBirth: { description: 'The town or city of birth' },
    },
  }),
  schemaProse(NaturalPersonSchema, {
    id: 'Ivms101NaturalPerson',
    description: 'An IVMS101 natural person',
    examples: [
      {
        name: {
          nameIdentifier: [{ primaryIdentifier: 'Hopper', secondaryIdentifier: 'Grace', nameIdentifierType: 'LEGL' }],
        },
        geographicAddress: [ADDRESS],
        nationalIdentification: NATIONAL_ID,
      },
    ],
    shape: {
      name: {
        description: "The person's names",
        shape: {
          nameIdentifier: {
            description: 'At least one name',
            element: {
              shape: {
                primaryIdentifier: { description: 'The family name (or the whole name where it has no parts)' },
                secondaryIdentifier: { description: 'The given names' },
                nameIdentifierType: {
                  description: '`LEGL` legal, `ALIA` alias, `BIRT` at birth, `MAID` maiden, `MISC`',
                },
              },
            },
          },
        },
      },
      geographicAddress: { description: 'Where the person lives' },
      nationalIdentification: { description: 'An official document number' },
      customerIdentification: { description: "The person's customer number at its provider" },
      dateAndPlaceOfBirth: { description: 'Date and place of birth' },
      countryOfResidence: { description: 'ISO 3166-1 alpha-2 country of residence' },
    },
  }),
  schemaProse(LegalPersonSchema, {
    id: 'Ivms101LegalPerson',
    description: 'An IVMS101 legal person',
    examples: [
      {
        name: { nameIdentifier: [{ legalPersonName: 'Example Trading GmbH', legalPersonNameIdentifierType: 'LEGL' }] },
        nationalIdentification: { nationalIdentifier: '529900T8BM49AURSDO55', nationalIdentifierType: 'LEIX' },
        countryOfRegistration: 'DE',
      },
    ],
    shape: {
      name: {
        description: "The company's names",
        shape: {
          nameIdentifier: {
            description: 'At least one name',
            element: {
              shape: {
                legalPersonName: { description: 'The name' },
                legalPersonNameIdentifierType: { description: '`LEGL` legal, `SHRT` short, `TRAD` trading' },
              },
            },
          },
        },
      },
      geographicAddress: { description: 'The registered or business address' },
      customerNumber: { description: "The company's customer number at its provider" },
      nationalIdentification: { description: 'Its registration: the LEI (`LEIX`) or a register number' },
      countryOfRegistration: { description: 'ISO 3166-1 alpha-2 country of registration' },
    },
  }),
];
