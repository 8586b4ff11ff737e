/**
 * Word lists for the demo data (`npm run seed`) and the back-office benchmark
 * (bench/admin.ts): places, employers, notes (the names: seed-names.ts). All
 * addresses are made up; phone numbers use the fictional 555-01xx range.
 */

/** [city, two-letter state, full state name, area code, zip prefix] */
export const CITIES: readonly (readonly [string, string, string, string, string])[] = [
  ['Dallas', 'TX', 'Texas', '214', '752'],
  ['Austin', 'TX', 'Texas', '512', '787'],
  ['Houston', 'TX', 'Texas', '713', '770'],
  ['San Antonio', 'TX', 'Texas', '210', '782'],
  ['Phoenix', 'AZ', 'Arizona', '602', '850'],
  ['Tucson', 'AZ', 'Arizona', '520', '857'],
  ['Denver', 'CO', 'Colorado', '303', '802'],
  ['Atlanta', 'GA', 'Georgia', '404', '303'],
  ['Charlotte', 'NC', 'North Carolina', '704', '282'],
  ['Raleigh', 'NC', 'North Carolina', '919', '276'],
  ['Nashville', 'TN', 'Tennessee', '615', '372'],
  ['Tampa', 'FL', 'Florida', '813', '336'],
  ['Orlando', 'FL', 'Florida', '407', '328'],
  ['Jacksonville', 'FL', 'Florida', '904', '322'],
  ['Columbus', 'OH', 'Ohio', '614', '432'],
  ['Indianapolis', 'IN', 'Indiana', '317', '462'],
  ['Kansas City', 'MO', 'Missouri', '816', '641'],
  ['Salt Lake City', 'UT', 'Utah', '801', '841'],
  ['Las Vegas', 'NV', 'Nevada', '702', '891'],
  ['Boise', 'ID', 'Idaho', '208', '837'],
  ['Portland', 'OR', 'Oregon', '503', '972'],
  ['Seattle', 'WA', 'Washington', '206', '981'],
  ['Sacramento', 'CA', 'California', '916', '958'],
  ['San Diego', 'CA', 'California', '619', '921'],
  ['Minneapolis', 'MN', 'Minnesota', '612', '554'],
  ['Chicago', 'IL', 'Illinois', '312', '606'],
  ['Detroit', 'MI', 'Michigan', '313', '482'],
  ['Pittsburgh', 'PA', 'Pennsylvania', '412', '152'],
  ['Richmond', 'VA', 'Virginia', '804', '232'],
  ['Baltimore', 'MD', 'Maryland', '410', '212'],
];

export const STREETS = [
  'Oak',
  'Maple',
  'Cedar',
  'Pine',
  'Elm',
  'Willow',
  'Birch',
  'Walnut',
  'Chestnut',
  'Magnolia',
  'Sunset',
  'Highland',
  'Lakeview',
  'Park',
  'Meadow',
  'Ridge',
  'River',
  'Hillcrest',
  'Spring',
  'Forest',
  'Washington',
  'Lincoln',
  'Jefferson',
  'Madison',
  'Franklin',
  'Main',
  'Church',
  'Mill',
  'Prairie',
  'Sycamore',
] as const;

export const STREET_KINDS = ['Street', 'Avenue', 'Lane', 'Drive', 'Court', 'Road', 'Way', 'Boulevard', 'Place', 'Trail'] as const;

export const EMPLOYERS = [
  'Lone Star Health',
  'Summit Logistics',
  'Bluebonnet Schools',
  'Riverside Medical Center',
  'Cascade Software',
  'Granite State Bank',
  'Prairie Wind Energy',
  'Harbor Freight Lines',
  'Metro Transit Authority',
  'Evergreen Insurance',
  'Copperline Construction',
  'Northstar Credit Union',
  'Pioneer Foods',
  'Silverleaf Hotels',
  'Keystone Manufacturing',
  'Crescent City Dental',
  'Redwood Analytics',
  'Sunbelt Retail Group',
  'Beacon Legal Services',
  'Mesa Verde Realty',
  'City of Austin',
  'County School District',
  'Heartland Veterinary',
  'Apex Aerospace',
  'Magnolia Home Care',
] as const;

export const JOB_TITLES = [
  'Registered Nurse',
  'Software Engineer',
  'Teacher',
  'Accountant',
  'Project Manager',
  'Electrician',
  'Sales Manager',
  'Pharmacist',
  'Operations Analyst',
  'Dental Hygienist',
  'Logistics Coordinator',
  'Marketing Specialist',
  'Physical Therapist',
  'Loan Officer',
  'HVAC Technician',
  'Graphic Designer',
  'Police Officer',
  'Paralegal',
  'Store Manager',
  'Data Analyst',
  'Firefighter',
  'Mechanical Engineer',
  'Office Administrator',
  'Chef',
] as const;

export const BUSINESSES = [
  'Green Thumb Landscaping LLC',
  'Bright Smile Photography',
  'Precision Auto Repair',
  'Main Street Bakery',
  'Clearview Consulting',
  'Handy Home Renovations',
  'Peak Fitness Studio',
  'Riverbend Catering',
] as const;

export const OWNER_TITLES = ['Owner', 'Founder', 'Principal', 'Independent Contractor'] as const;

export const STAFF = ['Jordan Ellis', 'Priya Raman', 'Marcus Webb', 'Elena Ruiz'] as const;

/** The seed's staff as admin accounts (no password: each sets one with 'Forgot password'), the applications' assignees. */
export const STAFF_ACCOUNTS = STAFF.map((name) => {
  const [firstName, lastName] = name.split(' ') as [string, string];
  return { name, firstName, lastName, email: `${firstName}.${lastName}@ownstead.example`.toLowerCase() };
});

export const APPLICATION_NOTES: Record<string, readonly string[]> = {
  submitted: ['Submitted over the weekend; first look scheduled.', 'Referred by a current homeowner.'],
  in_review: ['Income verified against paystubs.', 'Waiting on underwriting to confirm the savings figure.', 'Property value looks in line with comparables.'],
  missing_info: [
    'Asked for the two most recent bank statements.',
    'Government ID scan is blurry; requested a new one.',
    'Need a letter explaining the employment gap.',
  ],
  approved: ['Approved at the requested property value.', 'Approved; intro call booked with the homeowner team.', 'Strong savings; approved on first review.'],
  declined: ['Debt-to-income too high for the requested home value.', 'Applicant withdrew; moving out of state.', 'Could not verify income.'],
};

export const WAITLIST_INTERESTS = [
  'Co-owning a starter home near good schools.',
  'Want to stop renting and build equity without a huge down payment.',
  'Looking for a townhouse close to work downtown.',
  'Interested in a lower monthly payment than a traditional mortgage.',
  'First home for our growing family; need three bedrooms.',
  'Downsizing after the kids moved out.',
  'Relocating for a new job next year.',
  'Want a yard for the dog and a shorter commute.',
] as const;

/** Free-text timelines of staff-added waitlist applicants, for a year that is next year. */
export const adminTimelines = (nextYear: number) => [
  'Next 3 months',
  'Within 6 months',
  `Spring ${nextYear}`,
  `Summer ${nextYear}`,
  'Within a year',
  'Flexible',
];

/** Free-text move-in dates of letters of intent: a quarter, a season or 'Flexible'. */
export const moveInDates = (nextYear: number) => [
  `Q1 ${nextYear}`,
  `Q2 ${nextYear}`,
  `Q3 ${nextYear}`,
  `Q4 ${nextYear}`,
  `Spring ${nextYear}`,
  `Summer ${nextYear}`,
  `Fall ${nextYear}`,
  'Flexible',
];

export const LETTER_NOTES = [
  'Pre-qualified; wants a three-bedroom near the school district.',
  'Prefers a single-story home.',
  'Flexible on neighborhood; firm on the monthly payment.',
  'Working with a local agent already.',
] as const;
