/**
 * The operator's console (docs/console.md): staff only, mounted by the route table at /admin as a lazy
 * chunk (`pages/console-page`). Nothing of it is offered to other features: the members' app never
 * imports it, so its code never grows the members' entry script.
 */
export {};
