import type { Plugin } from 'payload'

const component = '/components/KeepServerErrors#KeepServerErrors'

/**
 * Every collection's edit view (a drawer's too) keeps the field errors a failed save answered,
 * which Payload's next form-state refresh would wipe (src/components/KeepServerErrors.tsx). It
 * renders nothing; the document controls are the one slot inside the form on every view.
 */
export const keepServerErrors = (): Plugin => (config) => ({
  ...config,
  collections: (config.collections ?? []).map((collection) => ({
    ...collection,
    admin: {
      ...collection.admin,
      components: {
        ...collection.admin?.components,
        edit: {
          ...collection.admin?.components?.edit,
          beforeDocumentControls: [
            ...(collection.admin?.components?.edit?.beforeDocumentControls ?? []),
            component,
          ],
        },
      },
    },
  })),
})
