/** What the server said about one field, beside it. */
export const FieldErrors = ({ messages, name }: { messages: string[]; name: string }) =>
  messages.length === 0 ? null : (
    <ul
      className="bulk-errors"
      data-errors-for={name}
      role="alert"
      style={{ color: 'var(--theme-error-500)', margin: '4px 0', paddingLeft: 18 }}
    >
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  )
