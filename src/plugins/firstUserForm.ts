import type { Condition, Field, Plugin } from 'payload'

/** Who the account is for: on the first-user form nobody is signed in yet. */
const signedIn: Condition = (_data, _siblingData, { user }) => Boolean(user)
const signedOut: Condition = (_data, _siblingData, { user }) => !user

/**
 * Set by the server for the first account (`firstUserIsSuperAdmin`), so not asked there. The
 * organisations list (`tenants`) is hidden by the view's style instead (custom.scss): a
 * condition on it would let the database store a membership without its organisation.
 */
const setForTheFirstUser = new Set(['roles'])

const note: Field = {
  name: 'firstUserNote',
  type: 'ui',
  admin: {
    condition: signedOut,
    components: { Field: '/components/FirstUserNote#FirstUserNote' },
  },
}

const hiddenWhenSignedOut = (field: Field): Field => {
  if (!('name' in field) || !setForTheFirstUser.has(field.name)) return field
  const own = field.admin?.condition
  const condition: Condition = (data, siblingData, context) =>
    signedIn(data, siblingData, context) && (own ? own(data, siblingData, context) : true)
  return { ...field, admin: { ...field.admin, condition } } as Field
}

/**
 * The first-user form showed Roles "User" and an empty organisation list, yet the server makes
 * that account a super-admin of no organisation. It now hides both and says what it creates.
 */
export const firstUserForm = (): Plugin => (config) => {
  const slug = config.admin?.user
  return {
    ...config,
    collections: (config.collections ?? []).map((collection) =>
      collection.slug === slug
        ? { ...collection, fields: [note, ...collection.fields.map(hiddenWhenSignedOut)] }
        : collection,
    ),
  }
}
