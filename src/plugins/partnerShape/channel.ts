/**
 * The PostgreSQL channel every committed change is announced on (payload: tenant and seq): the
 * change log sends, webhook delivery and the partner read cache listen.
 */
export const changeChannel = 'cms_changes'
