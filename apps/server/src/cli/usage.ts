export const USAGE = `Facet operator commands

  npm run facet -- admin create-user --email E --password P [--username U]
      Create a verified main account.
  npm run facet -- admin list-users [--limit N]
      List accounts (default 100).
  npm run facet -- admin api-token --email E
      Print a new API token for that main account (the previous one stops working).
  npm run facet -- admin plan list
  npm run facet -- admin plan add --name N --price 9.99 --currency USD --profiles 100 --subaccounts 5 [--storage MB] [--description D] [--sort N]
  npm run facet -- admin plan update ID [--name N] [--price P] [--currency C] [--profiles N] [--subaccounts N] [--storage MB] [--description D] [--sort N]
  npm run facet -- admin plan retire ID
  npm run facet -- admin plan end --email E
      The plans offered (-1 means unlimited). --storage is the team's room for plugins and synced
      profile state in MB (1024 = 1 GB; unlimited when left out). Accounts keep the limits they paid for.
  npm run facet -- admin order list [--status pending|paid|failed] [--limit N]
  npm run facet -- admin order confirm ID
  npm run facet -- admin order fail ID [--reason R]
      Settle an order paid to you (the built-in payment method). Each order settles once.
  npm run facet -- admin trial --email E --plan ID
      Grant a main account the 3-day free trial of a plan (once per account).
  npm run facet -- admin feedback [--limit N]
      What people sent through the feedback dialog, newest first.
  npm run facet -- admin graphics [--limit N]
      The GPUs and screens your users' computers report (once per account), most common first.
  npm run facet -- admin rotate-keys [--new-master-key-file FILE]
      Give every account a new data key, seal every secret again and delete the old keys; replace
      the master key in the data folder (with FACET_DATA_KEY: only with FILE, which holds the new
      key; then set FACET_DATA_KEY to it). Stop the server first.

The commands use the same data as the server (FACET_DATA_DIR, DATABASE_URL) and work while it runs,
except rotate-keys.
`;
