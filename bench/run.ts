// npm run bench [-- size|calculators|waitlist|pglite-fsync|admin|jobs|review|homes|pages|payments]: prints figures, asserts nothing.
import { benchAdmin } from './admin';
import { benchCalculators } from './calculators';
import { benchHomes } from './homes';
import { benchJobs } from './jobs';
import { benchPages } from './pages';
import { benchPayments } from './payments';
import { benchPgliteFsync } from './pglite-fsync';
import { benchReview } from './review';
import { benchSize } from './size';
import { benchWaitlist } from './waitlist';

const only = new Set(process.argv.slice(2));
const want = (name: string) => only.size === 0 || only.has(name);

if (want('calculators')) benchCalculators();
if (want('size')) await benchSize();
if (want('waitlist')) await benchWaitlist();
if (want('pglite-fsync')) await benchPgliteFsync();
if (want('admin')) await benchAdmin();
if (want('jobs')) await benchJobs();
if (want('review')) await benchReview();
if (want('homes')) await benchHomes();
if (want('pages')) await benchPages();
if (want('payments')) await benchPayments();
