import Scaffolding
import Testing

@Suite struct TemplateTests {
  @Test func replacesEveryPlaceholderEverywhere() throws {
    let template = Template(name: "t", text: "{{a}} and {{b}}, then {{a}} again\n")
    #expect(try template.render(["a": "one", "b": "two"]) == "one and two, then one again\n")
  }

  @Test func anEmptyValueAloneOnItsLineRemovesTheLine() throws {
    let template = Template(name: "t", text: "first\n    {{gone}}\nlast\n")
    #expect(try template.render(["gone": ""]) == "first\nlast\n")
  }

  @Test func anEmptyValueAmongOtherTextKeepsTheLine() throws {
    let template = Template(name: "t", text: "let x = [{{items}}]\n{{a}}{{b}}\n")
    #expect(try template.render(["items": "", "a": "", "b": ""]) == "let x = []\n\n")
  }

  @Test func aMultiLineValueIsIndentedToThePlaceholdersColumn() throws {
    let template = Template(name: "t", text: "  func f() {\n    {{body}}\n  }\n")
    let rendered = try template.render(["body": "let a = 1\n\nprint(a)"])
    #expect(rendered == "  func f() {\n    let a = 1\n\n    print(a)\n  }\n")
  }

  @Test func aMultiLineValueAfterTextIsIndentedToItsColumnWithSpaces() throws {
    let template = Template(name: "t", text: "x = {{value}}\n")
    #expect(try template.render(["value": "[\n  1,\n]"]) == "x = [\n      1,\n    ]\n")
  }

  @Test func aPlaceholderWithoutAValueIsAnErrorNamingEveryMissingOne() {
    let template = Template(name: "Greeting.swift.template", text: "{{greeting}}, {{name}}! {{name}}\n")
    #expect(throws: TemplateError(templateName: "Greeting.swift.template", missingPlaceholders: ["greeting", "name"])) {
      try template.render([:])
    }
    let error = TemplateError(templateName: "Greeting.swift.template", missingPlaceholders: ["greeting", "name"])
    #expect(error.description == "template Greeting.swift.template has no value for {{greeting}}, {{name}}")
  }

  @Test func anUnusedValueIsIgnored() throws {
    #expect(try Template(name: "t", text: "plain\n").render(["extra": "x"]) == "plain\n")
  }

  @Test func bracesThatAreNotAPlaceholderStayText() throws {
    let text = "let f = { { } }\n{{ spaced }} {{1x}} {{a-b}} {{}} {{ok}}\n"
    let template = Template(name: "t", text: text)
    #expect(template.placeholders == ["ok"])
    #expect(try template.render(["ok": "yes"]) == "let f = { { } }\n{{ spaced }} {{1x}} {{a-b}} {{}} yes\n")
  }

  @Test func aValueIsNotScannedForPlaceholders() throws {
    #expect(try Template(name: "t", text: "{{a}}\n").render(["a": "{{b}}"]) == "{{b}}\n")
  }

  @Test func placeholdersAreListedOnceInOrderOfAppearance() {
    let template = Template(name: "t", text: "{{b}} {{a}}\n{{b}}\n  {{c}}\n")
    #expect(template.placeholders == ["b", "a", "c"])
  }

  @Test func textWithoutAFinalNewlineKeepsItsEnd() throws {
    #expect(try Template(name: "t", text: "a\n{{x}}").render(["x": ""]) == "a")
    #expect(try Template(name: "t", text: "a {{x}}").render(["x": "b"]) == "a b")
  }
}
