/**
 * Modifiers: `{name}` tokens in automated texts that the sender replaces per message (spec part 2 §5 "Other automated
 * texts must contain specific URL modifiers"; the spelling is ours). Server (company PATCH) and browser share these.
 */
export const MODIFIERS = {
  paymentUrl: '{payment_url}',
  surveyUrl: '{survey_url}',
  statusUrl: '{status_url}',
  approvalUrl: '{approval_url}',
  vehicleReadyUrl: '{vehicle_ready_url}',
  minutes: '{minutes}',
  customerName: '{customer_name}',
  companyName: '{company_name}',
  appointmentTime: '{appointment_time}',
  bookingUrl: '{booking_url}',
  questionnaireUrl: '{questionnaire_url}',
  // Real-estate auto-replies (issue 18, leads module): the listing a keyword or URL named, and its agent.
  listingName: '{listing_name}',
  listingUrl: '{listing_url}',
  listingPrice: '{listing_price}',
  agentName: '{agent_name}',
} as const;
export type TModifier = (typeof MODIFIERS)[keyof typeof MODIFIERS];

/** Usable in every text that takes modifiers. */
export const OPTIONAL_MODIFIERS: readonly TModifier[] = [MODIFIERS.customerName, MODIFIERS.companyName];

/** An appointment text may carry the booking page's link (a denial: "pick another time"). */
const APPOINTMENT = { required: [], optional: [MODIFIERS.appointmentTime, MODIFIERS.bookingUrl] } as const;
const PLAIN = { required: [], optional: [] } as const;
const LISTING = { required: [], optional: [MODIFIERS.listingName, MODIFIERS.listingUrl, MODIFIERS.listingPrice, MODIFIERS.agentName] } as const;

/** Texts that take modifiers, by property path ("group.key"): the modifiers each must contain, and the extra ones
 * (besides OPTIONAL_MODIFIERS) it may use. */
export const MODIFIER_FIELDS = {
  'payment.text': { required: [MODIFIERS.paymentUrl], optional: [] },
  'surveySettings.text': { required: [MODIFIERS.surveyUrl], optional: [] },
  'surveySettings.resendText': { required: [MODIFIERS.surveyUrl], optional: [] },
  'automotiveMessages.repairOrderStatusUrl': { required: [MODIFIERS.statusUrl], optional: [] },
  'automotiveMessages.repairOrderStatusUpdate': { required: [MODIFIERS.statusUrl], optional: [] },
  'automotiveMessages.repairOrderLineApproval': { required: [MODIFIERS.approvalUrl], optional: [] },
  'automotiveMessages.vehicleReadyNotifyPriorToArrivalText': { required: [MODIFIERS.minutes, MODIFIERS.vehicleReadyUrl], optional: [] },
  'automotiveMessages.vehicleReady': PLAIN,
  'automotiveMessages.vehicleAppraisalText': PLAIN,
  // Sent as a statement's payment request (issue 17): the customer pays from its link.
  'automotiveMessages.statementOfAccountText': { required: [MODIFIERS.paymentUrl], optional: [] },
  'appointmentsSettings.requestText': APPOINTMENT,
  'appointmentsSettings.confirmationText': APPOINTMENT,
  'appointmentsSettings.denialText': APPOINTMENT,
  'appointmentsSettings.cancellationText': APPOINTMENT,
  'appointmentsSettings.reminderText': APPOINTMENT,
  // Inbound keyword / listing-URL replies and the landing page's text (leads module, docs/leads.md).
  'realEstateSettings.propertyInterestMessage': LISTING,
  'realEstateSettings.genericUrlMessage': LISTING,
  'realEstateSettings.invalidPropertyRequestedMessage': PLAIN,
  'realEstateSettings.landingPageLeadMessage': PLAIN,
} as const satisfies Record<string, { required: readonly TModifier[]; optional: readonly TModifier[] }>;
export type TModifierField = keyof typeof MODIFIER_FIELDS;

export function isModifierField(path: string): path is TModifierField {
  return Object.hasOwn(MODIFIER_FIELDS, path);
}

/** The modifiers a field requires and the optional ones, in the order the chips show them. */
export function modifiersOf(field: TModifierField): { required: readonly TModifier[]; all: readonly TModifier[] } {
  const { required, optional } = MODIFIER_FIELDS[field];
  return { required, all: [...required, ...optional, ...OPTIONAL_MODIFIERS] };
}

export type TModifierProblem =
  | { message: 'text_must_contain_modifier'; modifier: TModifier }
  | { message: 'text_has_unknown_modifier'; modifier: string };

const TOKEN_RE = /\{[^{}\s]*\}/g;

/**
 * The first problem of a text that takes modifiers, or null. An empty text is not checked (the message is then simply
 * not sent). Spelling is case-sensitive: `{Payment_URL}` is unknown, and the required `{payment_url}` is missing.
 */
export function findModifierProblem(options: { field: TModifierField; text: string | null | undefined }): TModifierProblem | null {
  const { field, text } = options;
  if (!text || text.trim() === '') return null;
  const { required, all } = modifiersOf(field);
  for (const token of text.match(TOKEN_RE) ?? []) {
    if (!(all as readonly string[]).includes(token)) return { message: 'text_has_unknown_modifier', modifier: token };
  }
  for (const modifier of required) {
    if (!text.includes(modifier)) return { message: 'text_must_contain_modifier', modifier };
  }
  return null;
}

/** A modifier by its name (`statusUrl` for `{status_url}`), as senders supply the values. */
export type TModifierName = keyof typeof MODIFIERS;
/** The values a sender has for one message; null, '' and non-finite numbers count as "no value". */
export type TModifierValues = Partial<Record<TModifierName, string | number | null>>;

export type TRenderProblem =
  | TModifierProblem
  | { message: 'modifier_has_no_value'; modifier: TModifier }
  | { message: 'text_is_empty' };

const NAME_OF_TOKEN: ReadonlyMap<string, TModifierName> = new Map(Object.entries(MODIFIERS).map(([name, token]) => [token, name as TModifierName]));

function valueOfToken(values: TModifierValues, token: string): string | null {
  const name = NAME_OF_TOKEN.get(token);
  const value = name === undefined ? undefined : values[name];
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  return value === '' ? null : value;
}

/**
 * Renders an automated text: every modifier in it is replaced by its value, in one pass (a value is inserted as is,
 * never read again, so a name holding `{minutes}` or `$&` stays literally that). Refuses, rather than sending a text
 * with a hole or a raw `{token}`: an empty text, a token the field does not take, a required modifier missing from the
 * text, or a modifier in the text without a value (required ones are reported first). Values for modifiers the text
 * does not use are ignored.
 */
export function renderModifiers(options: { text: string | null | undefined; values: TModifierValues; field: TModifierField }): { ok: true; text: string } | { ok: false; problem: TRenderProblem } {
  const { text, values, field } = options;
  if (!text || text.trim() === '') return { ok: false, problem: { message: 'text_is_empty' } };
  const problem = findModifierProblem({ field, text });
  if (problem) return { ok: false, problem };
  for (const modifier of MODIFIER_FIELDS[field].required) {
    if (valueOfToken(values, modifier) === null) return { ok: false, problem: { message: 'modifier_has_no_value', modifier } };
  }
  for (const token of text.match(TOKEN_RE) ?? []) {
    if (valueOfToken(values, token) === null) return { ok: false, problem: { message: 'modifier_has_no_value', modifier: token as TModifier } };
  }
  return { ok: true, text: text.replace(TOKEN_RE, (token) => valueOfToken(values, token) ?? token) };
}
