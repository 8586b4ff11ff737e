// npm run bench [-- size|calculators|waitlist|admin]: prints figures, asserts nothing.
import { benchAdmin } from './admin';
import { benchCalculators } from './calculators';
import { benchSize } from './size';
import { benchWaitlist } from './waitlist';

const only = new Set(process.argv.slice(2));
const want = (name: string) => only.size === 0 || only.has(name);

if (want('calculators')) benchCalculators();
if (want('size')) await benchSize();
if (want('waitlist')) await benchWaitlist();
if (want('admin')) await benchAdmin();
