/** What the first-user form makes, above its fields (shown only there: see firstUserForm). */
export const FirstUserNote = () => (
  <div className="first-user-note">
    <p>
      <strong>This creates the installation&apos;s administrator.</strong> The account you make here
      is a super admin: it manages every organisation, its users and settings.
    </p>
    <p>
      Once signed in, add your organisations under Settings → Organisations, then invite editors to
      each one.
    </p>
  </div>
)
