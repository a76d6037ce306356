import type { TextFieldSingleValidation } from 'payload'

/** An absolute http(s) address with no credentials: it is shown to editors and search engines. */
export const validateWebsite: TextFieldSingleValidation = (value) => {
  if (value === null || value === undefined || value === '') return true
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'Enter the full address, such as https://www.example-theatre.org.'
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Use an http or https address.'
  if (url.username || url.password) return 'Leave out the user name and password.'
  if (url.search || url.hash) return 'Leave out the query and the fragment.'
  return true
}
