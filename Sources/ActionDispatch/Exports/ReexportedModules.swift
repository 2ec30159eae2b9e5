// `@Observable` on a subclass of `BaseViewModel` needs the Observation module: re-exporting it
// means `import ActionDispatch` is the only import a view model file needs.
@_exported import Observation
