import * as z from '#shared/validation/zod.ts';

/**
 * The interVASP Messaging Standard (IVMS101, 2020, with the 2023 edition's field names where they agree), the data
 * model the Travel Rule protocols carry: persons natural or legal, their name identifiers, geographic addresses,
 * national identification or date and place of birth, and the account numbers (DLT addresses) of a transfer. Written
 * here from the standard's published schema (the `ivms101` npm package declares no licence); the codes are the
 * standard's own. Only the parts a transfer of ours fills are declared, each as the standard names it.
 */

/** Natural person name types: legal, alias, at birth, maiden, misc. */
export const NaturalPersonNameTypeSchema = z.enum(['LEGL', 'ALIA', 'BIRT', 'MAID', 'MISC']);
/** Legal person name types: legal, short, trading. */
export const LegalPersonNameTypeSchema = z.enum(['LEGL', 'SHRT', 'TRAD']);
/** National identifier types (passport, registration authority id, driving licence, ..., LEI). */
export const NationalIdentifierTypeSchema = z.enum([
  'ARNU',
  'CCPT',
  'RAID',
  'DRLC',
  'FIIN',
  'TXID',
  'SOCS',
  'IDCD',
  'LEIX',
  'MISC',
]);
/** Address types: residential, business, geographic. */
export const AddressTypeSchema = z.enum(['HOME', 'BIZZ', 'GEOG']);

const Country = z.string().check(z.regex(/^[A-Z]{2}$/, { error: 'must be an ISO 3166-1 alpha-2 country code' }));
const Text = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));

export const GeographicAddressSchema = z.object({
  addressType: AddressTypeSchema,
  addressLine: z.optional(z.array(Text(70)).check(z.maxLength(7))),
  streetName: z.optional(Text(70)),
  buildingNumber: z.optional(Text(16)),
  postCode: z.optional(Text(16)),
  townName: Text(35),
  country: Country,
});

export const NationalIdentificationSchema = z.object({
  nationalIdentifier: Text(35),
  nationalIdentifierType: NationalIdentifierTypeSchema,
  countryOfIssue: z.optional(Country),
  registrationAuthority: z.optional(z.string().check(z.regex(/^RA\d{6}$/))),
});

export const DateAndPlaceOfBirthSchema = z.object({
  dateOfBirth: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  placeOfBirth: Text(70),
});

export const NaturalPersonSchema = z.object({
  name: z.object({
    nameIdentifier: z
      .array(
        z.object({
          primaryIdentifier: Text(100),
          secondaryIdentifier: z.optional(Text(100)),
          nameIdentifierType: NaturalPersonNameTypeSchema,
        }),
      )
      .check(z.minLength(1)),
  }),
  geographicAddress: z.optional(z.array(GeographicAddressSchema)),
  nationalIdentification: z.optional(NationalIdentificationSchema),
  customerIdentification: z.optional(Text(50)),
  dateAndPlaceOfBirth: z.optional(DateAndPlaceOfBirthSchema),
  countryOfResidence: z.optional(Country),
});
export type NaturalPerson = z.infer<typeof NaturalPersonSchema>;

export const LegalPersonSchema = z.object({
  name: z.object({
    nameIdentifier: z
      .array(z.object({ legalPersonName: Text(100), legalPersonNameIdentifierType: LegalPersonNameTypeSchema }))
      .check(z.minLength(1)),
  }),
  geographicAddress: z.optional(z.array(GeographicAddressSchema)),
  customerNumber: z.optional(Text(50)),
  nationalIdentification: z.optional(NationalIdentificationSchema),
  countryOfRegistration: z.optional(Country),
});
export type LegalPerson = z.infer<typeof LegalPersonSchema>;

/** A person is exactly one of the two. */
export const PersonSchema = z.union([
  z.strictObject({ naturalPerson: NaturalPersonSchema }),
  z.strictObject({ legalPerson: LegalPersonSchema }),
]);
export type Person = z.infer<typeof PersonSchema>;

export const OriginatorSchema = z.object({
  originatorPersons: z.array(PersonSchema).check(z.minLength(1)),
  /** The DLT addresses (or account numbers) the transfer leaves from. */
  accountNumber: z.array(Text(100)),
});
export const BeneficiarySchema = z.object({
  beneficiaryPersons: z.array(PersonSchema).check(z.minLength(1)),
  /** The DLT addresses the transfer goes to. */
  accountNumber: z.array(Text(100)),
});
const Vasp = z.object({ legalPerson: LegalPersonSchema });

/** IVMS101's `IdentityPayload`: what travels with one transfer. */
export const IdentityPayloadSchema = z.object({
  originator: OriginatorSchema,
  beneficiary: BeneficiarySchema,
  originatingVASP: z.optional(Vasp),
  beneficiaryVASP: z.optional(Vasp),
});
export type IdentityPayload = z.infer<typeof IdentityPayloadSchema>;

/**
 * Whether a natural person carries what the EU Transfer of Funds Regulation (art. 14(1)) asks of an originator
 * besides name and address: an official document number, a customer identification number, or date and place of
 * birth. A legal person carries its registration (national identification) or customer number.
 */
export function identifiedEnough(person: Person): boolean {
  if ('naturalPerson' in person) {
    const p = person.naturalPerson;
    return Boolean(p.nationalIdentification || p.customerIdentification || p.dateAndPlaceOfBirth);
  }
  return Boolean(person.legalPerson.nationalIdentification || person.legalPerson.customerNumber);
}
