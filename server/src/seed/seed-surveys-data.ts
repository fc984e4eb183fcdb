import type { TCustomerView, TSurveySettings } from '@cd/contracts/company';
import { computeVinCheckDigit } from '@cd/contracts/vin';

/** Demo Motors' survey settings (issue 14): sent two days after close at 9:00, one reminder three days later. */
export const DEMO_SURVEY_SETTINGS = {
  daysAfter: 2,
  sendAtHour: 9,
  resendUncompletedDaysAfter: 3,
  text: 'Hi {customer_name}, thanks for choosing {company_name}! How did we do? One tap tells us: {survey_url}',
  resendText: '{customer_name}, we would still love to hear how your visit went. It takes ten seconds: {survey_url}',
  negativeResponseNotificationEmails: ['service@motors.example.com'],
  notifyRelatedUserAboutNegativeSurvey: true,
  positiveResponseQuestions: [
    { id: 'recommend', question: 'Would you recommend us to a friend?', answerType: 'choice', answers: ['Definitely', 'Probably', 'Not sure'] },
    { id: 'best', question: 'What did we do best?', answerType: 'text', answers: [] },
  ],
  negativeResponseQuestions: [
    {
      id: 'issue',
      question: 'What went wrong?',
      answerType: 'choice',
      answers: ['Waiting time', 'Price', 'Quality of the repair', 'Communication', 'Something else'],
    },
    { id: 'make_right', question: 'What could we do to make it right?', answerType: 'text', answers: [] },
  ],
} satisfies TSurveySettings;

/** The public survey page's texts and the review sites offered after a positive answer. */
export const DEMO_SURVEY_CUSTOMER_VIEW = {
  surveyQuestionText: 'Were you happy with your visit to Demo Motors?',
  surveySendButtonText: 'Send my answer',
  surveyAfterPositiveResponseText: 'Thank you! Would you share your experience with others? It helps a small shop a lot.',
  surveyAfterNegativeResponseText: 'We are sorry we let you down. Our service manager will call you within one business day.',
  surveyGoogleReviewLink: 'https://g.page/r/demo-motors-springfield/review',
  surveyYelpReviewLink: 'https://www.yelp.com/writeareview/biz/demo-motors-springfield',
  surveyFacebookReviewLink: 'https://www.facebook.com/demomotors/reviews',
} satisfies TCustomerView;

export const FIRST_NAMES = [
  'Aaron',
  'Amanda',
  'Brian',
  'Carmen',
  'Chris',
  'Dana',
  'David',
  'Elena',
  'Eric',
  'Fatima',
  'Gary',
  'Grace',
  'Hannah',
  'Ivan',
  'Jasmine',
  'Jeff',
  'Julia',
  'Kevin',
  'Laura',
  'Luis',
  'Megan',
  'Nathan',
  'Nina',
  'Omar',
  'Paula',
  'Rachel',
  'Ryan',
  'Sandra',
  'Scott',
  'Tanya',
  'Tom',
  'Vanessa',
  'Victor',
  'Wendy',
  'Zoe',
  'Marcus',
];

export const LAST_NAMES = [
  'Adams',
  'Baker',
  'Campbell',
  'Diaz',
  'Evans',
  'Fischer',
  'Garcia',
  'Hughes',
  'Jackson',
  'Kowalski',
  'Lee',
  'Martinez',
  'Novak',
  'Owens',
  'Patel',
  'Quinn',
  'Reyes',
  'Schmidt',
  'Turner',
  'Underwood',
  'Vargas',
  'Walsh',
  'Young',
  'Zimmerman',
];

/** Vehicles of the survey customers: make, model, world manufacturer identifier and a plausible model-year range. */
export const VEHICLE_MODELS: { make: string; model: string; wmi: string; from: number; to: number }[] = [
  { make: 'Ford', model: 'Escape', wmi: '1FM', from: 2014, to: 2023 },
  { make: 'Ford', model: 'F-150', wmi: '1FT', from: 2012, to: 2024 },
  { make: 'Toyota', model: 'Camry', wmi: '4T1', from: 2013, to: 2024 },
  { make: 'Toyota', model: 'RAV4', wmi: '2T3', from: 2015, to: 2024 },
  { make: 'Honda', model: 'Civic', wmi: '2HG', from: 2012, to: 2023 },
  { make: 'Honda', model: 'CR-V', wmi: '5J6', from: 2014, to: 2024 },
  { make: 'Chevrolet', model: 'Silverado', wmi: '1GC', from: 2012, to: 2023 },
  { make: 'Nissan', model: 'Altima', wmi: '1N4', from: 2013, to: 2022 },
  { make: 'Subaru', model: 'Outback', wmi: '4S4', from: 2015, to: 2024 },
  { make: 'Jeep', model: 'Grand Cherokee', wmi: '1C4', from: 2014, to: 2023 },
  { make: 'Hyundai', model: 'Tucson', wmi: 'KM8', from: 2016, to: 2024 },
  { make: 'Kia', model: 'Sorento', wmi: '5XY', from: 2016, to: 2023 },
];

/** ISO 3779 model-year codes (position 10) from 2010. */
const YEAR_CODES = 'ABCDEFGHJKLMNPRS';
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/** A valid VIN (check digit computed) for a model, from a random source in [0, 1). */
export function makeVin(opts: { wmi: string; year: number; random: () => number }): string {
  const pick = () => VIN_CHARS[Math.floor(opts.random() * VIN_CHARS.length)]!;
  const serial = String(Math.floor(opts.random() * 1_000_000)).padStart(6, '0');
  const draft = `${opts.wmi}${pick()}${pick()}${pick()}${pick()}${pick()}0${YEAR_CODES[opts.year - 2010] ?? 'A'}${pick()}${serial}`;
  return draft.slice(0, 8) + computeVinCheckDigit(draft)! + draft.slice(9);
}

export const ORDER_TITLES: { title: string; line: string; price: number }[] = [
  { title: 'Oil and filter change', line: 'Synthetic blend oil and filter', price: 4999 },
  { title: 'Brake service', line: 'Front brake pads and rotor resurfacing', price: 34500 },
  { title: '60,000 mile service', line: 'Spark plugs, fluids and inspection', price: 48900 },
  { title: 'Tire rotation and balance', line: 'Rotate and balance four tires', price: 5900 },
  { title: 'Four-wheel alignment', line: 'Computerised alignment', price: 11995 },
  { title: 'Battery replacement', line: 'AGM battery, installed and tested', price: 21900 },
  { title: 'A/C recharge', line: 'Evacuate and recharge refrigerant', price: 15900 },
  { title: 'Check engine light diagnosis', line: 'Replace ignition coil, cylinder 3', price: 27400 },
  { title: 'Transmission fluid exchange', line: 'Transmission fluid exchange', price: 18900 },
];

export const POSITIVE_COMMENTS = [
  'Quick and friendly, car was ready before lunch.',
  'Alex explained everything clearly. Thank you!',
  'Fair price and no surprises.',
  'Great service as always.',
  'Loved the text updates, I did not have to call once.',
  'The shuttle to work was a lifesaver.',
  'Very professional team, car runs like new.',
  'Clean waiting room and good coffee :)',
];

export const POSITIVE_BEST = ['The updates by text', 'Honest advice', 'Speed', 'Friendly staff', 'Price'];

export const NEGATIVE_COMMENTS = [
  'Waited almost two hours past the promised time.',
  'The final bill was higher than the estimate.',
  'Check engine light came back on the next day.',
  'Nobody called me back when I asked about the parts.',
  'There was grease on the driver seat when I picked it up.',
  'Had to ask three times for an update.',
];

export const NEGATIVE_MAKE_RIGHT = ['Call me please', 'Refund the diagnosis fee', 'Fix it properly this time', 'Just keep me informed'];

export const RESOLUTION_NOTES = [
  'Called the customer, apologised and offered a free oil change on the next visit.',
  'Re-did the repair under warranty; customer satisfied.',
  'Explained the extra charge (approved part upgrade) and refunded the diagnosis fee.',
  'Spoke with the customer; detailing booked at no charge.',
  'Left a voicemail and sent a text; customer replied that it is fine now.',
];
