/**
 * The PostgreSQL channel every committed change is announced on (payload: tenant and seq): the
 * change log sends, webhook delivery and the partner read cache listen.
 */
export const changeChannel = 'cms_changes'

/**
 * What a transaction notes once its NOTIFY on `changeChannel` names `tenant` (`noteSent`,
 * `src/db/sentInTransaction.ts`): every listener takes any such message as the tenant's
 * change, so a second one in the same transaction would tell no one anything new.
 */
export const tenantChangeSent = (tenant: string): string => `${changeChannel}:tenant:${tenant}`
