/** The fewest settings a profile is created with in the benches: the server fills in the rest. */
export const profileTemplate = {
  name: 'Bench',
  groupId: '0',
  os: 'windows' as const,
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  resolution: '1920x1080',
  kernelVersion: '156',
};
