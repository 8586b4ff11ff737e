/**
 * Word lists for the demo data (`npm run seed`) and the back-office benchmark
 * (bench/admin.ts): common US first and last names, places, employers. All
 * addresses are made up; phone numbers use the fictional 555-01xx range.
 */

export const FIRST_NAMES = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth',
  'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Christopher', 'Karen',
  'Charles', 'Lisa', 'Daniel', 'Nancy', 'Matthew', 'Betty', 'Anthony', 'Sandra', 'Mark', 'Margaret',
  'Donald', 'Ashley', 'Steven', 'Kimberly', 'Andrew', 'Emily', 'Paul', 'Donna', 'Joshua', 'Michelle',
  'Kenneth', 'Carol', 'Kevin', 'Amanda', 'Brian', 'Melissa', 'Timothy', 'Deborah', 'Ronald', 'Stephanie',
  'George', 'Rebecca', 'Jason', 'Sharon', 'Edward', 'Laura', 'Jeffrey', 'Cynthia', 'Ryan', 'Dorothy',
  'Jacob', 'Amy', 'Nicholas', 'Kathleen', 'Gary', 'Angela', 'Eric', 'Shirley', 'Jonathan', 'Emma',
  'Stephen', 'Brenda', 'Larry', 'Pamela', 'Justin', 'Nicole', 'Scott', 'Anna', 'Brandon', 'Samantha',
  'Benjamin', 'Katherine', 'Samuel', 'Christine', 'Gregory', 'Debra', 'Alexander', 'Rachel', 'Patrick', 'Carolyn',
  'Frank', 'Janet', 'Raymond', 'Maria', 'Jack', 'Olivia', 'Dennis', 'Heather', 'Jerry', 'Helen',
  'Tyler', 'Catherine', 'Aaron', 'Diane', 'Jose', 'Julie', 'Adam', 'Victoria', 'Nathan', 'Joyce',
  'Henry', 'Lauren', 'Zachary', 'Kelly', 'Douglas', 'Christina', 'Peter', 'Ruth', 'Kyle', 'Joan',
  'Noah', 'Virginia', 'Ethan', 'Judith', 'Jeremy', 'Evelyn', 'Christian', 'Hannah', 'Walter', 'Andrea',
  'Keith', 'Megan', 'Austin', 'Cheryl', 'Roger', 'Jacqueline', 'Terry', 'Madison', 'Sean', 'Teresa',
  'Gerald', 'Abigail', 'Carl', 'Sophia', 'Dylan', 'Martha', 'Harold', 'Sara', 'Jordan', 'Gloria',
  'Jesse', 'Janice', 'Bryan', 'Kathryn', 'Lawrence', 'Ann', 'Arthur', 'Isabella', 'Gabriel', 'Judy',
  'Bruce', 'Charlotte', 'Logan', 'Julia', 'Billy', 'Grace', 'Joe', 'Amber', 'Alan', 'Alice',
  'Juan', 'Jean', 'Elijah', 'Denise', 'Willie', 'Frances', 'Albert', 'Danielle', 'Wayne', 'Marilyn',
  'Randy', 'Natalie', 'Mason', 'Beverly', 'Vincent', 'Diana', 'Liam', 'Brittany', 'Roy', 'Theresa',
  'Bobby', 'Kayla', 'Caleb', 'Alexis', 'Bradley', 'Doris', 'Russell', 'Lori', 'Lucas', 'Tiffany',
] as const;

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
  'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts',
  'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz', 'Parker', 'Cruz', 'Edwards', 'Collins', 'Reyes',
  'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook', 'Rogers', 'Gutierrez', 'Ortiz', 'Morgan', 'Cooper',
  'Peterson', 'Bailey', 'Reed', 'Kelly', 'Howard', 'Ramos', 'Kim', 'Cox', 'Ward', 'Richardson',
  'Watson', 'Brooks', 'Chavez', 'Wood', 'James', 'Bennett', 'Gray', 'Mendoza', 'Ruiz', 'Hughes',
  'Price', 'Alvarez', 'Castillo', 'Sanders', 'Patel', 'Myers', 'Long', 'Ross', 'Foster', 'Jimenez',
  'Powell', 'Jenkins', 'Perry', 'Russell', 'Sullivan', 'Bell', 'Coleman', 'Butler', 'Henderson', 'Barnes',
  'Gonzales', 'Fisher', 'Vasquez', 'Simmons', 'Romero', 'Jordan', 'Patterson', 'Alexander', 'Hamilton', 'Graham',
  'Reynolds', 'Griffin', 'Wallace', 'Moreno', 'West', 'Cole', 'Hayes', 'Bryant', 'Herrera', 'Gibson',
  'Ellis', 'Tran', 'Medina', 'Aguilar', 'Stevens', 'Murray', 'Ford', 'Castro', 'Marshall', 'Owens',
  'Harrison', 'Fernandez', 'McDonald', 'Woods', 'Washington', 'Kennedy', 'Wells', 'Vargas', 'Henry', 'Chen',
  'Freeman', 'Webb', 'Tucker', 'Guzman', 'Burns', 'Crawford', 'Olson', 'Simpson', 'Porter', 'Hunter',
  'Gordon', 'Mendez', 'Silva', 'Shaw', 'Snyder', 'Mason', 'Dixon', 'Munoz', 'Hunt', 'Hicks',
  'Holmes', 'Palmer', 'Wagner', 'Black', 'Robertson', 'Boyd', 'Rose', 'Stone', 'Salazar', 'Fox',
  'Warren', 'Mills', 'Meyer', 'Rice', 'Schmidt', 'Garza', 'Daniels', 'Ferguson', 'Nichols', 'Stephens',
  'Soto', 'Weaver', 'Ryan', 'Gardner', 'Payne', 'Grant', 'Dunn', 'Kelley', 'Spencer', 'Hawkins',
] as const;

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
  'Oak', 'Maple', 'Cedar', 'Pine', 'Elm', 'Willow', 'Birch', 'Walnut', 'Chestnut', 'Magnolia',
  'Sunset', 'Highland', 'Lakeview', 'Park', 'Meadow', 'Ridge', 'River', 'Hillcrest', 'Spring', 'Forest',
  'Washington', 'Lincoln', 'Jefferson', 'Madison', 'Franklin', 'Main', 'Church', 'Mill', 'Prairie', 'Sycamore',
] as const;

export const STREET_KINDS = ['Street', 'Avenue', 'Lane', 'Drive', 'Court', 'Road', 'Way', 'Boulevard', 'Place', 'Trail'] as const;

export const EMPLOYERS = [
  'Lone Star Health', 'Summit Logistics', 'Bluebonnet Schools', 'Riverside Medical Center', 'Cascade Software',
  'Granite State Bank', 'Prairie Wind Energy', 'Harbor Freight Lines', 'Metro Transit Authority', 'Evergreen Insurance',
  'Copperline Construction', 'Northstar Credit Union', 'Pioneer Foods', 'Silverleaf Hotels', 'Keystone Manufacturing',
  'Crescent City Dental', 'Redwood Analytics', 'Sunbelt Retail Group', 'Beacon Legal Services', 'Mesa Verde Realty',
  'City of Austin', 'County School District', 'Heartland Veterinary', 'Apex Aerospace', 'Magnolia Home Care',
] as const;

export const JOB_TITLES = [
  'Registered Nurse', 'Software Engineer', 'Teacher', 'Accountant', 'Project Manager', 'Electrician',
  'Sales Manager', 'Pharmacist', 'Operations Analyst', 'Dental Hygienist', 'Logistics Coordinator', 'Marketing Specialist',
  'Physical Therapist', 'Loan Officer', 'HVAC Technician', 'Graphic Designer', 'Police Officer', 'Paralegal',
  'Store Manager', 'Data Analyst', 'Firefighter', 'Mechanical Engineer', 'Office Administrator', 'Chef',
] as const;

export const BUSINESSES = [
  'Green Thumb Landscaping LLC', 'Bright Smile Photography', 'Precision Auto Repair', 'Main Street Bakery',
  'Clearview Consulting', 'Handy Home Renovations', 'Peak Fitness Studio', 'Riverbend Catering',
] as const;

export const OWNER_TITLES = ['Owner', 'Founder', 'Principal', 'Independent Contractor'] as const;

export const STAFF = ['Jordan Ellis', 'Priya Raman', 'Marcus Webb', 'Elena Ruiz'] as const;

export const APPLICATION_NOTES: Record<string, readonly string[]> = {
  submitted: ['Submitted over the weekend; first look scheduled.', 'Referred by a current homeowner.'],
  in_review: ['Income verified against paystubs.', 'Waiting on underwriting to confirm the savings figure.', 'Property value looks in line with comparables.'],
  missing_info: ['Asked for the two most recent bank statements.', 'Government ID scan is blurry; requested a new one.', 'Need a letter explaining the employment gap.'],
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
export const adminTimelines = (nextYear: number) => ['Next 3 months', 'Within 6 months', `Spring ${nextYear}`, `Summer ${nextYear}`, 'Within a year', 'Flexible'];

/** Free-text move-in dates of letters of intent: a quarter, a season or 'Flexible'. */
export const moveInDates = (nextYear: number) => [`Q1 ${nextYear}`, `Q2 ${nextYear}`, `Q3 ${nextYear}`, `Q4 ${nextYear}`, `Spring ${nextYear}`, `Summer ${nextYear}`, `Fall ${nextYear}`, 'Flexible'];

export const LETTER_NOTES = [
  'Pre-qualified; wants a three-bedroom near the school district.',
  'Prefers a single-story home.',
  'Flexible on neighborhood; firm on the monthly payment.',
  'Working with a local agent already.',
] as const;
