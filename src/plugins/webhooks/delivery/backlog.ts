import { sql, type SQL } from '@payloadcms/db-postgres/drizzle'

/**
 * Whether a subscription's backlog (messages waiting or on their way) has reached `quota`:
 * counted no further than the quota, so a full backlog costs the check no more than that.
 * One rule for a new change (queue.ts) and a delivery put back by hand (retryAdmission.ts).
 */
export const backlogIsFull = ({ webhook, quota }: { webhook: SQL; quota: number }): SQL =>
  sql`(select count(*) from (
      select 1 from webhook_deliveries d
      where d.webhook_id = ${webhook} and d.state in ('pending', 'delivering')
      limit ${quota}) backlog) >= ${quota}`
