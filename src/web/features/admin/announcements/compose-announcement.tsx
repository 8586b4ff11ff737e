import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import {
  announcementDraftSchema,
  MAX_ANNOUNCEMENT_BODY,
  MAX_ANNOUNCEMENT_SUBJECT,
  type AnnouncementAudience,
  type AnnouncementPreview,
} from '../../../../domain/admin/announcements';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { LiveRegion } from '../../../components/ui/live-region';
import { applyServerFieldErrors, failureText, serverMessageOr, useErrorAnnouncer } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { usePreviewAnnouncement, useSendAnnouncement } from './announcements-api';
import { ANNOUNCEMENT_TEXTS, audienceText, peopleText } from './announcement-texts';

const formSchema = announcementDraftSchema.pick({ subject: true, body: true });
type FormValues = z.input<typeof formSchema>;
const EMPTY: FormValues = { subject: '', body: '' };
const FIELDS = ['subject', 'body'] as const;

/**
 * Compose, preview, send (docs/product/back-office.md#announcements). The audience is the Waitlist page's filter,
 * carried in this page's URL; Send is offered only on a fresh preview, which shows the e-mail as a recipient gets it
 * and how many people the filter matches now, and asks for a confirmation.
 */
export function ComposeAnnouncement({ audience, waitlistHref }: { audience: AnnouncementAudience; waitlistHref: string }) {
  const { register, handleSubmit, formState, setError, reset, watch, getValues, getFieldState } = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: EMPTY,
  });
  const [announcer, announceErrors] = useErrorAnnouncer(getFieldState, FIELDS);
  const { errors, isSubmitting } = formState;
  const [preview, setPreview] = useState<AnnouncementPreview | null>(null);
  const [confirming, setConfirming] = useState(false);
  const previewAnnouncement = usePreviewAnnouncement();
  const send = useSendAnnouncement();

  // A preview is of the words it was made from: any change asks for a new one.
  useEffect(() => {
    const subscription = watch(() => setPreview(null));
    return () => subscription.unsubscribe();
  }, [watch]);
  // …and so does another audience (compared by value: paging the list below gives a new object of the same filter).
  const audienceKey = JSON.stringify(audience);
  useEffect(() => setPreview(null), [audienceKey]);

  const onPreview = async (values: z.output<typeof formSchema>) => {
    try {
      setPreview(await previewAnnouncement.mutateAsync({ ...values, audience }));
    } catch (error) {
      if (applyServerFieldErrors(error, setError, FIELDS)) announceErrors();
      else notify.error('Error', failureText(error, ANNOUNCEMENT_TEXTS.previewFailed));
    }
  };

  const onSend = async () => {
    const values = formSchema.parse(getValues());
    try {
      const started = await send.mutateAsync({ ...values, audience });
      notify.success(ANNOUNCEMENT_TEXTS.started, `“${started.subject}” is going to ${peopleText(started.recipients)}.`);
      setConfirming(false);
      setPreview(null);
      reset(EMPTY);
    } catch (error) {
      setConfirming(false);
      // A field's error goes under its field; the toast is for the rest (docs/product/public-site.md#messages).
      if (applyServerFieldErrors(error, setError, FIELDS)) announceErrors();
      else notify.error('Error', serverMessageOr(error, ANNOUNCEMENT_TEXTS.sendFailed));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>New announcement</CardTitle>
        <CardDescription>
          To: <strong className="text-foreground">{audienceText(audience)}</strong>.{' '}
          <Link to={waitlistHref} className="text-primary underline underline-offset-2">
            Change who it goes to on the Waitlist page
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={handleSubmit(onPreview, announceErrors)} className="flex flex-col gap-4" aria-label="New announcement">
          <LiveRegion announcer={announcer} />
          <Field label="Subject" required error={errors.subject?.message} help={`Up to ${MAX_ANNOUNCEMENT_SUBJECT} characters.`}>
            <Input autoComplete="off" {...register('subject')} />
          </Field>
          <Field label="Message" required error={errors.body?.message} help={ANNOUNCEMENT_TEXTS.bodyHelp}>
            <Textarea rows={10} maxLength={MAX_ANNOUNCEMENT_BODY} {...register('body')} />
          </Field>
          <div>
            <Button type="submit" variant="outline" disabled={isSubmitting}>
              <Eye aria-hidden="true" />
              {isSubmitting ? 'Preparing preview…' : 'Preview'}
            </Button>
          </div>
        </form>
        {preview && (
          <section aria-label="Preview" className="mt-6 flex flex-col gap-3 border-t border-border pt-6">
            <h3 className="text-base font-semibold">Preview</h3>
            <p role="status">
              Goes to <strong>{peopleText(preview.recipients)}</strong> on the waitlist now.
              {preview.unsubscribed > 0 && ` ${peopleText(preview.unsubscribed)} of them turned news off and will be skipped.`}
            </p>
            <p className="text-sm">
              <span className="text-muted-foreground">Subject:</span> {preview.subject}
            </p>
            <iframe
              title="Preview of the e-mail"
              // The server escapes every value of the mail and our content security policy (inherited by srcdoc) runs no
              // inline script; links open in a new tab, since our pages refuse to be framed.
              srcDoc={preview.html.replace('<head>', '<head><base target="_blank">')}
              className="h-[32rem] w-full rounded-[var(--radius-card)] border border-border bg-muted"
            />
            {preview.recipients === 0 ? (
              <p className="text-sm text-muted-foreground">Nobody on the waitlist matches this filter. Change it on the Waitlist page.</p>
            ) : (
              <div>
                <Button type="button" onClick={() => setConfirming(true)}>
                  <Send aria-hidden="true" />
                  Send to {peopleText(preview.recipients)}
                </Button>
              </div>
            )}
          </section>
        )}
      </CardContent>
      <Dialog open={confirming} onOpenChange={(open) => !send.isPending && setConfirming(open)}>
        <DialogContent>
          <DialogTitle>Send this announcement?</DialogTitle>
          <DialogDescription>
            “{preview?.subject}” goes to {peopleText(preview?.recipients ?? 0)} ({audienceText(audience).replace(/^./, (c) => c.toLowerCase())}), a few at a
            time. You can cancel while it is sending; e-mails already sent stay sent.
          </DialogDescription>
          <DialogFooter className="mt-4">
            <DialogClose asChild>
              <Button variant="outline" disabled={send.isPending}>
                Keep editing
              </Button>
            </DialogClose>
            <Button onClick={() => void onSend()} disabled={send.isPending}>
              {send.isPending ? 'Starting…' : 'Send now'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
