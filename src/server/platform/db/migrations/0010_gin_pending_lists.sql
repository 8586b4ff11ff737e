-- A trigram GIN index takes new entries into a pending list and merges it into the index once it passes
-- gin_pending_list_limit (4 MB by default); the insert that crosses the limit does the merge. PGlite has no
-- autovacuum to merge in the background, so under a stream of waitlist sign-ups every ~2.5 s one batch took
-- 70 ms instead of 10 (npm run bench -- waitlist: p99 59-72 ms). A 1 MB list is merged in a quarter of the time,
-- four times as often.
ALTER INDEX "waitlist_entries_search_idx" SET (gin_pending_list_limit = 1024);
