import Scaffolding
import Testing

/// `scaffold action` takes an action with its associated values, and the generated method and
/// tests take and pass them.
@Suite struct ActionSignatureTests {
  @Test func aPlainActionHasNoParameters() throws {
    let signature = try ActionSignature(parsing: "unfollow")
    #expect(signature.caseDeclaration == "unfollow")
    #expect(signature.methodParameters == "")
    #expect(signature.valueFromParameters == "unfollow")
    #expect(signature.sampleValue == "unfollow")
    #expect(signature.sampleCall == "unfollow()")
  }

  @Test func anUnlabelledValueIsPassedAsValue() throws {
    let signature = try ActionSignature(parsing: "delete(Int)")
    #expect(signature.caseDeclaration == "delete(Int)")
    #expect(signature.methodParameters == "_ value: Int")
    #expect(signature.valueFromParameters == "delete(value)")
    #expect(signature.argumentsFromParameters == "value")
    #expect(signature.sampleValue == "delete(1)")
    #expect(signature.sampleCall == "delete(1)")
  }

  @Test func labelsAndSeveralValuesKeepTheirOrder() throws {
    let signature = try ActionSignature(parsing: "rename(String, to: String?, Bool)")
    #expect(signature.caseDeclaration == "rename(String, to: String?, Bool)")
    #expect(signature.methodParameters == "_ value1: String, to: String?, _ value2: Bool")
    #expect(signature.valueFromParameters == "rename(value1, to: to, value2)")
    #expect(signature.sampleCall == #"rename("sample", to: "sample", true)"#)
  }

  @Test func aTypeWithoutALiteralIsRefusedWithWhatToDo() {
    #expect(throws: UnsupportedActionError.self) { try ActionSignature(parsing: "delete(Item)") }
    #expect(throws: UnsupportedActionError.self) { try ActionSignature(parsing: "delete()") }
    #expect(throws: InvalidNameError.self) { try ActionSignature(parsing: "class(Int)") }
    #expect(throws: InvalidNameError.self) { try ActionSignature(parsing: "move(to-x: Int)") }
  }

  @Test func theScaffoldsTestsCallAndCheckTheSampleValue() throws {
    let scaffold = try ActionScaffold(action: "delete(Int)", viewModel: "TodoListViewModel", module: "MyApp")
    #expect(scaffold.action == "delete")
    #expect(scaffold.testValues.call == "viewModel.delete(1)")
    #expect(scaffold.testValues.actionValue == "delete(1)")
    #expect(scaffold.suiteName == "TodoListViewModelDeleteTests")
    #expect(scaffold.pasteText.contains("  case delete(Int)\n"))
  }
}
