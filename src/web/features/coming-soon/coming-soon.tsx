import { ArrowLeft, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';

/** /explore: linked from the dashboard's bottom navigation; their content is not specified yet (docs/product/public-site.md#coming-soon-pages). */
export function ComingSoon({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span aria-hidden="true" className="flex size-20 items-center justify-center rounded-full bg-primary-soft text-primary">
        <Icon className="size-10" strokeWidth={1.6} />
      </span>
      <Badge variant="secondary" className="mt-6">
        Coming soon
      </Badge>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-primary">{title}</h1>
      <div className="mt-3 text-[0.9375rem] leading-relaxed text-muted-foreground">{children}</div>
      <Button asChild variant="outline" className="mt-8">
        <Link to="/dashboard">
          <ArrowLeft aria-hidden="true" /> Back to Dashboard
        </Link>
      </Button>
    </section>
  );
}
