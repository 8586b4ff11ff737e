import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageCount, pageSummary, type Page } from '../../../../domain/admin/lists';
import { Button } from '../../../components/ui/button';
import { formatNumber } from '../../../../domain/format';

/** 'Showing 1–25 of 230', Previous / Next and 'Page 1 of 10' under a list. */
export function ListPagination({ page, onPage }: { page: Page<unknown> | undefined; onPage: (page: number) => void }) {
  if (!page || page.total === 0) return null;
  const pages = pageCount(page);
  return (
    <nav aria-label="Pagination" className="mt-4 flex flex-col items-center justify-between gap-3 text-sm text-muted-foreground sm:flex-row">
      <p aria-live="polite">{pageSummary(page)}</p>
      <div className="flex flex-wrap items-center justify-center gap-2">
        <Button variant="outline" size="sm" disabled={page.page <= 1} onClick={() => onPage(page.page - 1)}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <span className="px-2 tabular">
          Page {formatNumber(page.page)} of {formatNumber(pages)}
          {page.totalCapped ? '+' : ''}
        </span>
        <Button variant="outline" size="sm" disabled={page.page >= pages && !page.totalCapped} onClick={() => onPage(page.page + 1)}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
