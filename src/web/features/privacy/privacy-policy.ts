import type { Brand } from '../../../domain/brand';
import { SECURITY_LOG_RETENTION_TEXT, WAITLIST_RETENTION_TEXT } from '../../../domain/privacy/retention';

/**
 * The privacy policy (docs/product/privacy.md#privacy-policy-page). Sections
 * follow the order that page gives. The page turns every occurrence of the contact
 * e-mail address into a mailto link.
 */
export type PolicyBlock =
  | { kind: 'p'; text: string }
  | { kind: 'h3'; text: string }
  | { kind: 'list'; items: { term?: string; text: string }[] }
  | { kind: 'address'; lines: string[] };

export interface PolicySection {
  id: string;
  title: string;
  blocks: PolicyBlock[];
}

export interface PrivacyPolicy {
  title: string;
  lastRevised: string;
  sections: PolicySection[];
}

export const PRIVACY_LAST_REVISED = 'January 15, 2025';

const p = (text: string): PolicyBlock => ({ kind: 'p', text });
const h3 = (text: string): PolicyBlock => ({ kind: 'h3', text });
const list = (...items: ({ term?: string; text: string } | string)[]): PolicyBlock => ({
  kind: 'list',
  items: items.map((item) => (typeof item === 'string' ? { text: item } : item)),
});

export function privacyPolicy(brand: Pick<Brand, 'name' | 'contactEmail' | 'streetAddress'>): PrivacyPolicy {
  const n = brand.name;
  const email = brand.contactEmail;
  return {
    title: 'Privacy Policy',
    lastRevised: PRIVACY_LAST_REVISED,
    sections: [
      {
        id: 'introduction',
        title: 'Introduction',
        blocks: [
          p(
            `${n} ("${n}", "we", "us" or "our") helps people in the United States co-own a home instead of taking a traditional mortgage. Buying a home means sharing personal and financial details with us, and we take that trust seriously.`,
          ),
          p(
            `This policy explains what personal information we collect when you visit our website, join our waitlist, create an account, use our calculators or apply for a home, how we use and share it, how long we keep it, how we protect it and the choices and rights you have. It applies to our website and services; it does not apply to websites of other companies that we link to.`,
          ),
          p('We do not sell your personal information, and we do not share it for cross-context behavioral advertising.'),
        ],
      },
      {
        id: 'collection-and-storage',
        title: 'Collection and Storage of Personal Information',
        blocks: [
          h3('Non-personal information'),
          p(
            'When you visit our website we automatically receive technical information that does not identify you on its own: your browser type and version, device type, operating system, language, the pages you view, the page that referred you and the date and time of your visit. Our servers also record IP addresses in security logs, which we use to keep the service safe and to prevent abuse.',
          ),
          p('We do not use analytics or advertising tools, and no other company receives this information from our pages.'),
          h3('Personal information'),
          p('We collect personal information that you give us, depending on what you do:'),
          list(
            {
              term: 'Waitlist',
              text: 'your name, e-mail address, phone number, city and state, the state where you plan to buy, and your answers about your home search (home type, timeline, price range, down payment, monthly budget, priorities and housing situation), together with your consent to be contacted.',
            },
            { term: 'Account', text: 'your name, e-mail address and a password. We store only a secure hash of your password, never the password itself.' },
            {
              term: 'Home application',
              text: 'your date of birth, the last four digits of your Social Security number, phone number and address, employment and income (employer, job title, start date and gross monthly income), assets and debts, the home you want, the consents you give (including your authorization for a soft credit inquiry) and the documents you upload, such as pay stubs, bank statements and tax returns.',
            },
            { term: 'Communications', text: `messages you send us, for example by e-mail to ${email}.` },
          ),
          p(
            'The last four digits of your Social Security number and your date of birth are encrypted at rest, and our staff see them only when reviewing your application. Uploaded documents are stored in private storage that only you and our authorized reviewers can open.',
          ),
          p('We store personal information on servers located in the United States, operated by us and by hosting providers acting on our behalf.'),
        ],
      },
      {
        id: 'how-we-use',
        title: 'How We Use Personal Information',
        blocks: [
          p('We use personal information to:'),
          list(
            'add you to our waitlist and tell you about early access, new markets and our launch, if you asked us to contact you;',
            'create and secure your account, verify your e-mail address and let you sign in and reset your password;',
            'review your home application, verify your identity, income and assets, assess whether you qualify and tell you our decision;',
            'purchase, co-own and manage the home with you, process your payments and show your equity, appreciation and payment breakdown on your dashboard;',
            'answer your questions and send you service messages about your account or application;',
            'detect and prevent fraud, abuse and security incidents;',
            'improve our website, calculators and services using aggregated information;',
            'comply with our legal and regulatory obligations and enforce our terms.',
          ),
          p(
            'We do not use your application data for advertising, and we do not make a final decision on your application by automated means alone: a member of our team reviews every application.',
          ),
        ],
      },
      {
        id: 'sharing',
        title: 'Sharing',
        blocks: [
          p('We do not sell your personal information. We share it only as described here:'),
          list(
            {
              term: 'Service providers',
              text: 'companies that host our website and data, send our e-mails and store documents. They may use your information only to provide their services to us, under contracts that require them to protect it.',
            },
            {
              term: 'Credit reporting agencies',
              text: 'when you authorize it in your application, to obtain a soft credit inquiry, which does not affect your credit score.',
            },
            {
              term: 'Partners in your home purchase',
              text: 'such as title, escrow, appraisal, inspection and insurance companies, when you go forward with a home and only as needed to complete the purchase.',
            },
            {
              term: 'Investors',
              text: 'investors in home equity shares receive information about the property and its performance, never your name, contact details or application data.',
            },
            {
              term: 'Legal and safety',
              text: 'government authorities, regulators or others when the law requires it, to respond to legal process, or to protect the rights, property or safety of our customers, our company or others.',
            },
            {
              term: 'Business transfers',
              text: 'a buyer or successor if we are involved in a merger, acquisition or sale of assets, which would remain bound by this policy.',
            },
          ),
          p('We may share information that has been aggregated or de-identified so that it can no longer identify you.'),
        ],
      },
      {
        id: 'why-we-use',
        title: 'Why We Use',
        blocks: [
          p('We process personal information only when we have a reason to do so:'),
          list(
            { term: 'To provide the service you ask for', text: 'such as your waitlist entry, your account or the review of your home application.' },
            {
              term: 'With your consent',
              text: 'for example to contact you about early access, to obtain a soft credit inquiry or to keep records electronically. You may withdraw a consent at any time; this does not affect what we did before you withdrew it.',
            },
            {
              term: 'For legitimate interests',
              text: 'keeping our service secure, preventing fraud and improving our website, where those interests are not outweighed by your rights.',
            },
            { term: 'To meet legal obligations', text: 'including consumer-finance, anti-money-laundering, tax and record-keeping laws.' },
          ),
        ],
      },
      {
        id: 'cookies',
        title: 'Cookies',
        blocks: [
          p('Cookies are small files a website stores in your browser. We use as few as we can, in two kinds:'),
          list(
            {
              term: 'Strictly necessary',
              text: 'cookies that keep you signed in, protect your session and forms against misuse and remember security settings. The service does not work without them, so they cannot be turned off.',
            },
            {
              term: 'Functionality',
              text: 'cookies and similar storage in your browser that remember choices you make on our website, such as a notice you have already closed, so we do not ask again.',
            },
          ),
          p('We do not use performance, analytics or advertising cookies.'),
          p('You can block or delete cookies in your browser settings. If you block strictly necessary cookies, you will not be able to sign in.'),
          p(
            'Some browsers send a "Do Not Track" signal. Because there is no common standard for how to respond to it, we do not respond to Do Not Track signals. We do not track you across other companies’ websites either way.',
          ),
        ],
      },
      {
        id: 'your-rights',
        title: 'Your Rights',
        blocks: [
          p('Wherever you live, you can ask us to:'),
          list(
            { term: 'Access', text: 'tell you what personal information we hold about you and give you a copy.' },
            { term: 'Portability', text: 'give you that copy in a structured, machine-readable format.' },
            { term: 'Rectification', text: 'correct information that is inaccurate or incomplete.' },
            { term: 'Erasure', text: 'delete your personal information, except what the law requires us to keep.' },
          ),
          p(
            'If you have an account, you can do this yourself: sign in, open your account settings, and download your data as a file or delete your account. Deleting your account also deletes the documents you uploaded. You can update most of your details in your application and profile.',
          ),
          p(
            `If you do not have an account, for example if you only joined the waitlist, write to us at ${email} from the e-mail address you gave us. We will confirm your request and answer within 30 days. We will not treat you differently for exercising any of these rights.`,
          ),
          p(
            'Residents of California and other states with consumer privacy laws have these rights under those laws, and may also use an authorized agent to make a request.',
          ),
        ],
      },
      {
        id: 'retention',
        title: 'Retention',
        blocks: [
          p('We keep personal information only as long as we need it for the purposes in this policy:'),
          list(
            {
              term: 'Waitlist entries',
              text: `until we launch in your area and you decide whether to apply, or until you ask us to remove you, and no longer than ${WAITLIST_RETENTION_TEXT} after we last heard from you.`,
            },
            { term: 'Accounts', text: 'for as long as your account is open.' },
            {
              term: 'Applications and documents',
              text: 'while your application is under review and while you co-own a home with us, and afterwards for as long as consumer-finance and tax laws require us to keep records, after which we delete them.',
            },
            { term: 'Security logs', text: `for up to ${SECURITY_LOG_RETENTION_TEXT}, then deleted.` },
          ),
        ],
      },
      {
        id: 'international-transfer',
        title: 'International Transfer',
        blocks: [
          p(
            `${n} operates in the United States and stores your information there. If you are a resident of the European Economic Area (EEA), the United Kingdom or Switzerland and you send us personal information, it is transferred to the United States, where data protection law may differ from the law where you live.`,
          ),
          p(
            'For EEA residents, we transfer personal information on the basis of the European Commission’s Standard Contractual Clauses or another safeguard that the law recognizes, or, where none applies, because the transfer is necessary to provide the service you asked for. You can ask us for a copy of the safeguards we rely on.',
          ),
        ],
      },
      {
        id: 'safeguards',
        title: 'Safeguards',
        blocks: [
          p('We protect personal information with administrative, technical and physical safeguards that fit its sensitivity, including:'),
          list(
            'encryption in transit (HTTPS) for everything you send us, and encryption at rest for your Social Security number digits and date of birth;',
            'passwords stored only as a slow, salted hash, and sign-in sessions kept in secure, http-only cookies;',
            'access to application data limited to staff who need it, with a record of who viewed or changed what;',
            'private document storage that only you and authorized reviewers can open.',
          ),
          p(
            `No method of transmission or storage is completely secure, so we cannot guarantee absolute security. If we learn of a breach that affects your personal information, we will notify you as the law requires. Please keep your password private and tell us at ${email} if you think your account has been compromised.`,
          ),
        ],
      },
      {
        id: 'minors',
        title: 'Minors',
        blocks: [
          p(
            'Our services are meant for adults who can enter into a home purchase. We do not knowingly collect personal information from anyone below the age of consent where they live (under 13 in the United States), and you must be at least 18 to apply.',
          ),
          p(`If you believe a child has given us personal information, contact us at ${email} and we will delete it.`),
        ],
      },
      {
        id: 'third-party-collection',
        title: 'Third Party Collection',
        blocks: [
          p(
            'Our website links to websites and services we do not control, such as our social media profiles, the companion digital asset site and a government mortgage-rate tool. When you follow those links, those companies may collect information about you under their own privacy policies, which we encourage you to read. This policy does not cover them.',
          ),
        ],
      },
      {
        id: 'changes',
        title: 'Changes to the Policy',
        blocks: [
          p(
            'We may update this policy as our services or the law change. When we do, we change the "Last revised" date at the top. If a change materially affects how we use personal information you already gave us, we will tell you by e-mail or with a notice on our website before it takes effect.',
          ),
        ],
      },
      {
        id: 'contact',
        title: 'How to Contact Us',
        blocks: [
          p(`If you have a question about this policy or your personal information, or want to exercise your rights, e-mail us at ${email} or write to us at:`),
          { kind: 'address', lines: [`${n}, Attn: Privacy`, ...brand.streetAddress] },
        ],
      },
    ],
  };
}
