import { slugSetCollection } from '../slugSetCollection'

export const Seasons = slugSetCollection({
  slug: 'seasons',
  singular: 'Season',
  plural: 'Seasons',
  group: 'Listings',
  urlPrefix: '/seasons',
})
