CREATE TABLE "home_exit_quote_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"home_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_exit_quote_documents_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "home_exit_quote_documents" ADD CONSTRAINT "home_exit_quote_documents_quote_id_home_exit_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."home_exit_quotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_exit_quote_documents" ADD CONSTRAINT "home_exit_quote_documents_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "home_exit_quote_documents_quote_idx" ON "home_exit_quote_documents" USING btree ("quote_id","created_at");--> statement-breakpoint
ALTER TABLE "home_exit_quotes" DROP COLUMN "dispute_document_keys";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('charge', 'payment', 'refund', 'payout', 'reversal', 'fee', 'buy_out'));