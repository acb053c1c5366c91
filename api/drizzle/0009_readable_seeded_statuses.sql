-- The seeded statuses whose text was under WCAG AA's 4.5:1 on their colour, made readable as a fresh console seeds them
-- (src/seed/data/statuses.ts). Only a status still exactly as seeded changes: one staff have recoloured keeps its colours.
UPDATE "statuses" SET "bg_color" = '#0958d9', "text_color" = '#ffffff', "updated_at" = now() WHERE "class" = 'lead' AND "name" = 'New' AND lower("bg_color") = '#1677ff' AND lower("text_color") = '#ffffff';
--> statement-breakpoint
UPDATE "statuses" SET "bg_color" = '#52c41a', "text_color" = '#000000', "updated_at" = now() WHERE "class" = 'lead' AND "name" = 'Interested' AND lower("bg_color") = '#52c41a' AND lower("text_color") = '#ffffff';
--> statement-breakpoint
UPDATE "statuses" SET "bg_color" = '#434343', "text_color" = '#ffffff', "updated_at" = now() WHERE "class" = 'lead' AND "name" = 'Not interested' AND lower("bg_color") = '#8c8c8c' AND lower("text_color") = '#ffffff';
--> statement-breakpoint
UPDATE "statuses" SET "bg_color" = '#52c41a', "text_color" = '#000000', "updated_at" = now() WHERE "class" = 'email' AND "name" = 'Valid' AND lower("bg_color") = '#52c41a' AND lower("text_color") = '#ffffff';
--> statement-breakpoint
UPDATE "statuses" SET "bg_color" = '#cf1322', "text_color" = '#ffffff', "updated_at" = now() WHERE "class" = 'email' AND "name" = 'Invalid' AND lower("bg_color") = '#f5222d' AND lower("text_color") = '#ffffff';
--> statement-breakpoint
UPDATE "statuses" SET "bg_color" = '#52c41a', "text_color" = '#000000', "updated_at" = now() WHERE "class" = 'phone' AND "name" = 'Valid' AND lower("bg_color") = '#52c41a' AND lower("text_color") = '#ffffff';
--> statement-breakpoint
UPDATE "statuses" SET "bg_color" = '#cf1322', "text_color" = '#ffffff', "updated_at" = now() WHERE "class" = 'phone' AND "name" = 'Invalid' AND lower("bg_color") = '#f5222d' AND lower("text_color") = '#ffffff';
