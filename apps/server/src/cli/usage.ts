export const USAGE = `Facet operator commands

  npm run facet -- admin create-user --email E --password P [--username U]
      Create a verified main account.
  npm run facet -- admin list-users [--limit N]
      List accounts (default 100).
  npm run facet -- admin api-token --email E
      Print a new API token for that main account (the previous one stops working).

The commands use the same data as the server (FACET_DATA_DIR, DATABASE_URL) and work while it runs.
`;
