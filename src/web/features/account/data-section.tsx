import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button, buttonVariants } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { EXPORT_DATA_HREF } from './account-api';
import { DeleteAccountDialog } from './delete-account-dialog';
import { SectionCard } from './section-card';

/** docs/product/privacy.md#your-data, #account-deletion: access and portability (a JSON file) and erasure, from the settings page. */
export function DataSection() {
  const [deleting, setDeleting] = useState(false);
  return (
    <SectionCard id="your-data" title="Your data" description="Download everything we store about you, or delete your account.">
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h3 className="font-semibold">Download my data</h3>
            <p className="mt-1 text-sm leading-relaxed text-muted-foreground">
              A JSON file with your profile, sign-in methods and sessions, waitlist entry, applications, the list of your documents and, once you own a home
              with us, its agreement, payments and ledger.
            </p>
          </div>
          <a href={EXPORT_DATA_HREF} download className={cn(buttonVariants({ variant: 'outline' }), 'shrink-0 self-start sm:self-auto')}>
            <Download aria-hidden="true" /> Download my data
          </a>
        </div>
        <div className="flex flex-col gap-3 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h3 className="font-semibold">Delete my account</h3>
            <p className="mt-1 text-sm leading-relaxed text-muted-foreground">
              Removes your account, your application and every document you uploaded. This cannot be undone.
            </p>
          </div>
          <Button variant="destructive" className="shrink-0 self-start sm:self-auto" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden="true" /> Delete my account
          </Button>
        </div>
      </div>
      <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />
    </SectionCard>
  );
}
