CREATE TABLE "buyer_agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"agent_name" text,
	"agent_brokerage" text,
	"agent_licence_number" text,
	"agent_email" text,
	"agent_phone" text,
	"match_state" text,
	"partner_agent_id" uuid,
	"assigned_at" timestamp with time zone,
	"assigned_by" text,
	"requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyer_agents_kind_check" CHECK ("buyer_agents"."kind" in ('own', 'match')),
	CONSTRAINT "buyer_agents_shape_check" CHECK (("buyer_agents"."kind" = 'own' and "buyer_agents"."agent_name" is not null and "buyer_agents"."match_state" is null and "buyer_agents"."partner_agent_id" is null)
        or ("buyer_agents"."kind" = 'match' and "buyer_agents"."match_state" is not null and "buyer_agents"."requested_at" is not null and "buyer_agents"."agent_name" is null)),
	CONSTRAINT "buyer_agents_assigned_check" CHECK (("buyer_agents"."partner_agent_id" is null) = ("buyer_agents"."assigned_at" is null))
);
--> statement-breakpoint
CREATE TABLE "partner_agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"brokerage" text NOT NULL,
	"licence_number" text NOT NULL,
	"email" text NOT NULL,
	"email_key" text NOT NULL,
	"phone" text NOT NULL,
	"states" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_agents_states_check" CHECK (cardinality("partner_agents"."states") > 0)
);
--> statement-breakpoint
ALTER TABLE "buyer_agents" ADD CONSTRAINT "buyer_agents_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_agents" ADD CONSTRAINT "buyer_agents_partner_agent_id_partner_agents_id_fk" FOREIGN KEY ("partner_agent_id") REFERENCES "public"."partner_agents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_agents_user_id_idx" ON "buyer_agents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "buyer_agents_match_idx" ON "buyer_agents" USING btree ("requested_at") WHERE "buyer_agents"."kind" = 'match';--> statement-breakpoint
CREATE INDEX "partner_agents_states_idx" ON "partner_agents" USING gin ("states");--> statement-breakpoint
CREATE INDEX "partner_agents_email_key_idx" ON "partner_agents" USING btree ("email_key");--> statement-breakpoint
CREATE INDEX "partner_agents_search_idx" ON "partner_agents" USING gin ((lower("name" || ' ' || "brokerage" || ' ' || "email")) gin_trgm_ops);