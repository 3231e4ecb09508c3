/** navigator values CDP's overrides do not reach in every scope. */
export const navigatorPatch = String.raw`
  var navigatorProto = scope.Navigator ? scope.Navigator.prototype : scope.WorkerNavigator ? scope.WorkerNavigator.prototype : null;
  replaceGetter(navigatorProto, 'deviceMemory', options.deviceMemory);
  replaceGetter(navigatorProto, 'hardwareConcurrency', options.hardwareConcurrency);
  replaceGetter(navigatorProto, 'platform', options.platform);
  var languages = Object.freeze(options.languages.slice());
  replaceGetter(navigatorProto, 'languages', function () { return languages; });
`;
