import { ValidationError, type PayloadRequest } from 'payload'

/**
 * A 400 that names the field it is about, so the admin shows it beside that field (a plain
 * `APIError` is only a toast). Its message stays the refusal itself rather than Payload's "The
 * following field is invalid", for whoever reports `message`: the box-office import, the
 * partner API's detail, the toast.
 */
export const fieldRefusal = ({
  collection,
  path,
  message,
  req,
}: {
  collection: string
  path: string
  message: string
  req?: Partial<PayloadRequest>
}): ValidationError => {
  const err = new ValidationError({ collection, errors: [{ path, message }], req })
  err.message = message
  return err
}
