/**
 * navigator values no native channel reaches in this scope (the launch plan decides which: see
 * apps/agent/src/browser/launch/launchPlan.ts). `navigator` applies in every scope the script runs in,
 * `workerNavigator` only in workers.
 */
export const navigatorPatch = String.raw`
  var navigatorProto = scope.Navigator ? scope.Navigator.prototype : scope.WorkerNavigator ? scope.WorkerNavigator.prototype : null;
  var navigatorValues = Object.assign({}, options.navigator || {}, scope.document ? {} : options.workerNavigator || {});
  Object.keys(navigatorValues).forEach(function (name) {
    var value = navigatorValues[name];
    if (Array.isArray(value)) {
      // The engine hands out one frozen array until the value changes; so do we.
      var frozen = Object.freeze(value.slice());
      replaceGetter(navigatorProto, name, function (original) {
        original.call(this);
        return frozen;
      });
    } else {
      replaceGetter(navigatorProto, name, value);
    }
  });
`;
